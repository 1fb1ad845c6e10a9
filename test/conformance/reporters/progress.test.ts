/** Live progress: redrawn in place on a terminal, plain lines elsewhere. */
import { describe, expect, it } from "vitest";
import { createProgress } from "../../../src/conformance/index.js";
import type { CaseResult } from "../../../src/conformance/run/results.js";

const result = (outcome: CaseResult["outcome"]): CaseResult =>
  ({ id: "x", outcome }) as unknown as CaseResult;

function sink(isTTY: boolean, columns = 80) {
  const chunks: string[] = [];
  return { chunks, stream: { isTTY, columns, write: (t: string) => chunks.push(t) } };
}

describe("progress", () => {
  it("on a terminal redraws one status line (done of total, failures, elapsed) and clears it", () => {
    const { chunks, stream } = sink(true);
    let t = 0;
    const p = createProgress(stream, () => t);
    p.start(3);
    t = 150;
    p.onCase(result("pass"));
    t = 300;
    p.onCase(result("fail"));
    t = 320; // within 100 ms of the last redraw, but the last case always redraws
    p.onCase(result("pass"));
    p.end();
    expect(chunks[0]).toBe("0/3 cases · 0 failed · 0.0 s");
    expect(chunks).toContain("\r\u001b[2K1/3 cases · 0 failed · 0.1 s");
    expect(chunks).toContain("\r\u001b[2K2/3 cases · 1 failed · 0.3 s");
    expect(chunks).toContain("\r\u001b[2K3/3 cases · 1 failed · 0.3 s");
    expect(chunks.at(-1)).toBe("\r\u001b[2K");
  });

  it("on a terminal redraws at most every 100 ms and fits the width", () => {
    const { chunks, stream } = sink(true, 12);
    let t = 0;
    const p = createProgress(stream, () => t);
    p.start(100);
    for (let i = 0; i < 50; i++) {
      t += 10;
      p.onCase(result("pass"));
    }
    expect(chunks.length).toBeLessThanOrEqual(1 + 6);
    for (const c of chunks) expect(c.replace("\r\u001b[2K", "").length).toBeLessThan(12);
  });

  it("elsewhere writes plain marks, a count every 50 cases and at the end, no control character", () => {
    const { chunks, stream } = sink(false);
    const p = createProgress(stream, () => 0);
    p.start(52);
    for (let i = 0; i < 52; i++) p.onCase(result(i === 3 ? "fail" : i === 4 ? "skip" : "pass"));
    p.end();
    const text = chunks.join("");
    expect(text).toBe(`...Fs${".".repeat(45)} 50/52\n.. 52/52\n`);
    expect(text.includes("\r") || text.includes("\u001b")).toBe(false);
  });
});
