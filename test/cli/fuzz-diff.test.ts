// `opensocial-kit fuzz` and `diff` through the CLI: every exit code (0, 1, 2, 3), --help that
// teaches, the quick start against an in-process reference, a defect found and printed.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startVariantProxy, type VariantProxy } from "../../scripts/mutants/variant-proxy.js";
import { diffCommand } from "../../src/cli/commands/diff.js";
import { fuzzCommand } from "../../src/cli/commands/fuzz.js";
import { main } from "../../src/cli/main.js";
import { type Running, sink, startReference } from "../conformance/helpers.js";
import { startServerAhead } from "../conformance/server-ahead.js";
import { captureOutput } from "./capture-output.js";

let reference: Running;
let defective: VariantProxy;
const fuzzArgs = {
  steps: 150,
  time: 30,
  level: "profile",
  maxCommands: 30,
  timeout: 5000,
  maxAnswerBytes: 4 * 1024 * 1024,
};
const diffArgs = { fuzzSteps: 100, timeout: 5000, maxAnswerBytes: 4 * 1024 * 1024 };
/** A defect: every person's nickname is upper case. */
const loud = (body: string) =>
  body.replace(/"nickname":"([a-z]+)"/g, (_m, n: string) => `"nickname":"${n.toUpperCase()}"`);

beforeAll(async () => {
  reference = await startReference();
  defective = await startVariantProxy(reference.url, loud);
});
afterAll(async () => {
  await defective.close();
  await reference.close();
});

describe("fuzz", () => {
  it("with no target: starts the reference in-process and finds no failure (exit 0)", async () => {
    const out = sink();
    const err = sink();
    expect(await fuzzCommand(fuzzArgs, out, err)).toBe(0);
    expect(err.text).toMatch(/started the reference server/);
    expect(out.text).toMatch(/^fuzz: 150 steps, \d+ requests.*steps\/s.*seed \d+/);
    expect(out.text).toMatch(/no failure/);
  }, 30_000);

  it("finds a defect (exit 1) and prints statement, replay command and curl lines", async () => {
    const out = sink();
    const code = await fuzzCommand(
      { ...fuzzArgs, steps: 1000, baseUrl: defective.url, seed: 5 },
      out,
      sink(),
    );
    expect(code).toBe(1);
    expect(out.text).toMatch(/FAILURE S-4\.6-\w+/);
    expect(out.text).toMatch(
      /replay: opensocial-kit fuzz --base-url \S+ --level profile --seed 5 --path '[0-9:]+(@[^']*)?'/,
    );
    expect(out.text).toMatch(/curl -sS -i '/);
    expect(out.text).not.toContain("quiz secret+1/é");
  }, 30_000);

  it("against a target whose clock is 1,000 s ahead: signs by the target's clock (P-AUTH-3.6), exit 0", async () => {
    const ahead = await startServerAhead(1_000_000);
    try {
      const out = sink();
      expect(await fuzzCommand({ ...fuzzArgs, steps: 60, baseUrl: ahead.url }, out, sink())).toBe(
        0,
      );
      expect(out.text).toMatch(/no failure/);
    } finally {
      await ahead.close();
    }
  }, 30_000);

  it("an answer over --max-answer-bytes cuts its sequence short, not failed: never green (exit 5)", async () => {
    // JSON answers padded with whitespace (a layout readers tolerate) to 8 KiB, read up to 6,000
    const padded = await startVariantProxy(reference.url, (body, type) =>
      type.includes("json") ? `${body}${" ".repeat(Math.max(0, 8192 - body.length))}` : body,
    );
    try {
      const out = sink();
      const code = await fuzzCommand(
        { ...fuzzArgs, steps: 60, baseUrl: padded.url, seed: 7, maxAnswerBytes: 6000 },
        out,
        sink(),
      );
      expect(out.text).toMatch(
        /NOT GREEN: \d+ sequence\(s\) cut short by an answer larger than 6000 bytes .*; the first: curl -sS -i '/,
      );
      expect(out.text).toMatch(/no failure/);
      expect(code).toBe(5);
    } finally {
      await padded.close();
    }
  }, 30_000);

  it("usage errors exit 2; an unreachable target exits 3", async () => {
    const err = sink();
    expect(await fuzzCommand({ ...fuzzArgs, level: "strict" }, sink(), err)).toBe(2);
    expect(await fuzzCommand({ ...fuzzArgs, path: "3:1" }, sink(), err)).toBe(2);
    expect(err.text).toMatch(/--path needs the --seed/);
    expect(await fuzzCommand({ ...fuzzArgs, target: "/no/such/target.json" }, sink(), err)).toBe(2);
    expect(await fuzzCommand({ ...fuzzArgs, baseUrl: "http://127.0.0.1:9" }, sink(), err)).toBe(3);
  });

  it("--help teaches: examples and exit codes", async () => {
    const { out } = captureOutput();
    try {
      expect(await main(["fuzz", "--help"])).toBe(0);
      const text = out.join("").replace(/\s+/g, " ");
      expect(text).toMatch(/Examples:/);
      expect(text).toMatch(/Exit codes: 0 no failure; 1 .*3 target unreachable/s);
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe("diff", () => {
  it("the in-process reference against another: no difference (exit 0)", async () => {
    const out = sink();
    expect(await diffCommand({ ...diffArgs, against: "reference" }, out, sink())).toBe(0);
    expect(out.text).toMatch(/no semantic difference/);
  }, 30_000);

  it("against a defective server: exit 1, both answers side by side; a fuzz sequence too", async () => {
    // A is a reference server of its own: the defective one is a proxy in front of `reference`.
    const other = await startReference();
    try {
      await againstDefective(other.url);
    } finally {
      await other.close();
    }
  }, 30_000);

  async function againstDefective(a: string): Promise<void> {
    const out = sink();
    expect(
      await diffCommand(
        { ...diffArgs, target: a, against: defective.url, grep: "^people/" },
        out,
        sink(),
      ),
    ).toBe(1);
    expect(out.text).toMatch(/body \/entry\/(\d+\/)?nickname/);
    expect(out.text).toMatch(/\| /);
    const fuzzed = sink();
    expect(
      await diffCommand(
        { ...diffArgs, target: a, against: defective.url, fuzzSeed: 3 },
        fuzzed,
        sink(),
      ),
    ).toBe(1);
    expect(fuzzed.text).toMatch(/fuzz sequence of seed 3/);
  }

  it("the in-process reference against a real server: no line names the reference's port (gone after the run)", async () => {
    const out = sink();
    const err = sink();
    expect(
      await diffCommand({ ...diffArgs, against: defective.url, grep: "^people/" }, out, err),
    ).toBe(1);
    const started = /started a reference server at (\S+)/.exec(err.text)?.[1];
    expect(started).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(out.text).not.toContain(started);
    expect(out.text).toMatch(/\(as sent to B\) .*curl -sS -i 'http:\/\/127\.0\.0\.1:\d+\/os\//);
    expect(out.text).toContain(`curl -sS -i '${defective.url}/`);
  }, 30_000);

  it("a --grep that selects no case compares nothing: never green (exit 4)", async () => {
    const err = sink();
    const out = sink();
    const code = await diffCommand(
      { ...diffArgs, target: reference.url, against: reference.url, grep: "^no-such-case$" },
      out,
      err,
    );
    expect(err.text).toMatch(/no request compared: no case matches --grep/);
    expect(out.text).toMatch(/: nothing compared\n$/);
    expect(out.text).not.toMatch(/no semantic difference/);
    expect(code).toBe(4);
  });

  it("an answer over --max-answer-bytes is not compared: never green (exit 5)", async () => {
    const err = sink();
    const out = sink();
    const code = await diffCommand(
      {
        ...diffArgs,
        against: "reference",
        grep: "^people/",
        maxAnswerBytes: 1024,
      },
      out,
      err,
    );
    expect(out.text).toMatch(
      /Not compared: \d+ request\(s\) whose answer was larger than 1024 bytes/,
    );
    expect(out.text).toMatch(
      /NOT GREEN: no semantic difference, but \d+ request\(s\) not compared\n$/,
    );
    expect(err.text).toMatch(/not green: \d+ request\(s\) not compared/);
    expect(code).toBe(5);
  });

  it("usage errors exit 2; an unreachable target exits 3", async () => {
    const err = sink();
    expect(await diffCommand({ ...diffArgs }, sink(), err)).toBe(2);
    expect(err.text).toMatch(/--against names/);
    const missing = sink();
    expect(await diffCommand({ ...diffArgs, against: "/no/such.json" }, sink(), missing)).toBe(2);
    // a side that cannot be used is found before the in-process reference starts
    expect(missing.text).not.toMatch(/started a reference server/);
    const ftp = sink();
    expect(await diffCommand({ ...diffArgs, against: "ftp://x" }, sink(), ftp)).toBe(2);
    expect(ftp.text).toMatch(
      /--against ftp:\/\/x: not a target file, an http:\/\/ or https:\/\/ base URL, or reference/,
    );
    const both = sink();
    expect(
      await diffCommand(
        { ...diffArgs, against: "reference", fuzzSeed: 1, grep: "^people/" },
        sink(),
        both,
      ),
    ).toBe(2);
    expect(both.text).toMatch(/--grep selects the suite's cases, and --fuzz-seed/);
    expect(await diffCommand({ ...diffArgs, against: "reference", grep: "(" }, sink(), err)).toBe(
      2,
    );
    expect(
      await diffCommand(
        { ...diffArgs, target: reference.url, against: "http://127.0.0.1:9" },
        sink(),
        err,
      ),
    ).toBe(3);
  });

  it("--help teaches: examples and exit codes", async () => {
    const { out } = captureOutput();
    try {
      expect(await main(["diff", "--help"])).toBe(0);
      const text = out.join("").replace(/\s+/g, " ");
      expect(text).toMatch(/Examples:/);
      expect(text).toMatch(/Exit codes: 0 no semantic difference; 1 .*3 a target unreachable/s);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
