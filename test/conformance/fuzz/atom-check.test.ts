/**
 * The fuzzer reads an Atom answer as the checks do: under the same limits (checks/answer-limits.ts;
 * a friend's record may hold 4 MiB, P-DATA-7, so a correct feed above the Atom reader's own default
 * of 1 MiB is read, never reported as unreadable, `atom-unreadable`, S-4.3-ATOM), and with ids
 * outside §2.1's form left to the cases about §2.1 (a deployment naming its users `john.doe`).
 */
import { describe, expect, it } from "vitest";
import { writeAtom } from "../../../src/codecs/atom/write.js";
import { judgeAtomRead } from "../../../src/conformance/fuzz/atom-check.js";
import type { Expected } from "../../../src/conformance/fuzz/expected.js";
import type { Answer } from "../../../src/conformance/fuzz/wire.js";

/** Judges, at profile, the Atom answer a correct server writes for `user`'s `record`. */
function judgeRecord(user: string, record: Record<string, string>): { bytes: number } {
  const value = { entry: { [user]: record }, id: [user], startIndex: 0, totalResults: 1 };
  const xml = writeAtom("appdata", value);
  const answer = {
    status: 200,
    headers: { "content-type": "application/atom+xml; charset=utf-8" },
    body: Buffer.from(xml),
    text: xml,
    request: { method: "GET", headers: {} },
    sent: {},
  } as unknown as Answer;
  const expected: Expected = {
    status: 200,
    statement: "S-4.3-READ.1",
    body: value,
    kind: "appdata",
    keyOrder: new Map([[user, Object.keys(record)]]),
  };
  judgeAtomRead(answer, expected, "profile", value);
  return { bytes: answer.body.length };
}

describe("the fuzzer's Atom read", () => {
  it("reads a correct appdata feed of 1.5 MB", () => {
    const record = Object.fromEntries(
      Array.from({ length: 24 }, (_, i) => [`k${i}`, "v".repeat(65_536)]),
    );
    expect(judgeRecord("example.org:bob", record).bytes).toBeGreaterThan(1.5e6);
  });

  it("reads a feed whose ids have no namespace (john.doe)", () => {
    expect(() => judgeRecord("john.doe", { k: "v" })).not.toThrow();
  });
});
