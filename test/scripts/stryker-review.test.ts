/** The Stryker review rules (issue 10 item 3): what a rule covers, and how the score counts. */
import { describe, expect, it } from "vitest";
import {
  loadRules,
  type ReviewRule,
  type StrykerReport,
  score,
} from "../../scripts/stryker/review.js";

const at = (line: number, from: number, to: number) => ({
  start: { line, column: from },
  end: { line, column: to },
});

const report: StrykerReport = {
  files: {
    "src/server/a.ts": {
      source: 'if (x) return fault(400, "no such thing");\nconst v = p.get("oauth_version");',
      mutants: [
        { id: "1", mutatorName: "StringLiteral", status: "Survived", location: at(1, 26, 41) },
        { id: "2", mutatorName: "StringLiteral", status: "Survived", location: at(2, 17, 32) },
        { id: "3", mutatorName: "ConditionalExpression", status: "Killed", location: at(1, 5, 6) },
        { id: "4", mutatorName: "BlockStatement", status: "Ignored", location: at(1, 1, 2) },
        {
          id: "5",
          mutatorName: "ConditionalExpression",
          status: "NoCoverage",
          location: at(2, 1, 5),
        },
      ],
    },
    "src/codecs/b.ts": { source: "x", mutants: [] },
  },
};

const message: ReviewRule = {
  file: "src/server/",
  mutators: ["StringLiteral"],
  line: "fault\\(\\d{3}, ",
  original: '^(["`]).*[ :].*\\1$',
  kind: "equivalent",
  reason: "message text",
};

describe("stryker review", () => {
  it("covers a message literal but not another literal on another line", () => {
    const s = score(report, [message], "src/server/");
    expect(s.equivalent).toBe(1);
    expect(s.unreviewed.map((m) => m.original)).toEqual(['"oauth_version"', "cons"]);
  });

  it("scores killed over counted mutants, and over the non-equivalent ones", () => {
    const s = score(report, [message], "src/server/");
    expect(s).toMatchObject({ killed: 1, survived: 3, raw: 25, nonEquivalent: 33.3 });
  });

  it("counts out-of-reach mutants as not killed, and noCoverageOnly rules only for NoCoverage", () => {
    const rule: ReviewRule = {
      file: "src/server/a.ts",
      noCoverageOnly: true,
      kind: "out-of-reach",
      reason: "r",
    };
    const s = score(report, [rule], "src/server/");
    expect(s).toMatchObject({ outOfReach: 1, equivalent: 0, nonEquivalent: 25 });
    expect(s.unreviewed).toHaveLength(2);
  });

  it("the shipped rules parse and each gives a reason", () => {
    const rules = loadRules("scripts/stryker");
    expect(rules.length).toBeGreaterThan(5);
    for (const r of rules) {
      expect(r.reason.length).toBeGreaterThan(20);
      expect(["equivalent", "out-of-reach"]).toContain(r.kind);
      if (r.line) expect(() => new RegExp(r.line as string)).not.toThrow();
    }
  });
});
