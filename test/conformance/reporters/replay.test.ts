/**
 * The replay line keeps what the run was judged with beyond its target: the level and the
 * per-request timeout when they were not the defaults (a slow target's case that passed with
 * `--timeout 30000` times out again without it), and the answer cap (`--max-answer-bytes`).
 */
import { describe, expect, it } from "vitest";
import { replayLine } from "../../../src/conformance/reporters/replay.js";
import { DEFAULT_LIMITS } from "../../../src/conformance/transport/client-limits.js";

const report = (
  level: "core" | "profile",
  timeoutMs: number,
  maxAnswerBytes = DEFAULT_LIMITS.maxBodyBytes,
) => ({
  target: { baseUrl: "http://127.0.0.1:8080", world: false },
  options: { level, concurrency: 16, timeoutMs, maxAnswerBytes },
});
const ctx = {
  statements: new Map(),
  secrets: [],
  replay: "npx opensocial-kit run --target t.json",
};

describe("the replay line", () => {
  it("names neither the level nor the timeout at their defaults", () => {
    expect(replayLine("people/self-me", report("profile", DEFAULT_LIMITS.timeoutMs), ctx)).toBe(
      "npx opensocial-kit run --target t.json --grep '^people/self-me$'",
    );
  });

  it("keeps an answer cap other than the default, after the timeout", () => {
    expect(replayLine("people/self-me", report("profile", 30_000, 16_777_216), ctx)).toBe(
      "npx opensocial-kit run --target t.json --timeout 30000 --max-answer-bytes 16777216 --grep '^people/self-me$'",
    );
  });

  it("keeps a timeout other than the default, after the level", () => {
    expect(replayLine("people/self-me", report("core", 30_000), ctx)).toBe(
      "npx opensocial-kit run --target t.json --level core --timeout 30000 --grep '^people/self-me$'",
    );
  });
});
