/** The Stryker review rules: what a rule covers, and how the score counts. */
import { describe, expect, it } from "vitest";
import {
  loadRules,
  mergeRecheck,
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

/** The statuses of a.ts's mutants, by id. */
const statusesOf = (r: StrykerReport) =>
  r.files["src/server/a.ts"]?.mutants.map((m) => [m.id, m.status]);

/** `report`'s statuses with mutant 1 killed by a later run. */
const MUTANT_1_KILLED = [
  ["1", "Killed"],
  ["2", "Survived"],
  ["3", "Killed"],
  ["4", "Ignored"],
  ["5", "NoCoverage"],
];

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

  it("a re-check run updates the statuses it holds, found by line text even where the line moved", () => {
    const recheck: StrykerReport = {
      files: {
        "src/server/a.ts": {
          // One line inserted above: the mutants moved down a line.
          source: `// new first line\n${report.files["src/server/a.ts"]?.source}`,
          mutants: [
            { id: "9", mutatorName: "StringLiteral", status: "Killed", location: at(2, 26, 41) },
            // Same place, another mutator: not the full run's mutant 2.
            { id: "8", mutatorName: "Regex", status: "Killed", location: at(3, 17, 32) },
            // A mutant the full run does not hold: left out.
            { id: "7", mutatorName: "StringLiteral", status: "Survived", location: at(1, 1, 5) },
          ],
        },
      },
    };
    const { report: merged, taken } = mergeRecheck(report, recheck);
    expect(taken).toBe(1);
    expect(statusesOf(merged)).toEqual(MUTANT_1_KILLED);
    expect(merged.files["src/codecs/b.ts"]).toBe(report.files["src/codecs/b.ts"]);
    expect(score(merged, [], "src/server/").killed).toBe(2);
  });

  it("a run of other tests adds its kills and never takes a kill away", () => {
    const units: StrykerReport = {
      files: {
        "src/server/a.ts": {
          source: report.files["src/server/a.ts"]?.source ?? "",
          mutants: [
            // Killed by the suite, survives the unit tests: stays killed.
            {
              id: "3",
              mutatorName: "ConditionalExpression",
              status: "Survived",
              location: at(1, 5, 6),
            },
            // Survived the suite, killed by the unit tests: killed.
            { id: "1", mutatorName: "StringLiteral", status: "Killed", location: at(1, 26, 41) },
            // Not counted by the suite's run (a static mutant it ignored): stays not counted.
            { id: "4", mutatorName: "BlockStatement", status: "Killed", location: at(1, 1, 2) },
            // No coverage in either: unchanged.
            {
              id: "5",
              mutatorName: "ConditionalExpression",
              status: "Survived",
              location: at(2, 1, 5),
            },
          ],
        },
      },
    };
    const { report: merged, taken } = mergeRecheck(report, units, "kills only");
    expect(taken).toBe(1);
    expect(statusesOf(merged)).toEqual(MUTANT_1_KILLED);
    // Taking every status, the same run would take the suite's kill away.
    const every = mergeRecheck(report, units).report.files["src/server/a.ts"]?.mutants;
    expect(every?.find((m) => m.id === "3")?.status).toBe("Survived");
  });

  it("a rule with a replacement pattern covers only the mutants whose replacement matches", () => {
    const two: StrykerReport = {
      files: {
        "src/server/c.ts": {
          source: "const k = a === b ? [a] : [a, b];",
          mutants: [
            {
              id: "1",
              mutatorName: "ConditionalExpression",
              replacement: "true",
              status: "Survived",
              location: at(1, 11, 18),
            },
            {
              id: "2",
              mutatorName: "ConditionalExpression",
              replacement: "false",
              status: "Survived",
              location: at(1, 11, 18),
            },
          ],
        },
      },
    };
    const rule: ReviewRule = {
      file: "src/server/c.ts",
      mutators: ["ConditionalExpression"],
      replacement: "^false$",
      kind: "equivalent",
      reason: "both lists give the same result",
    };
    const s = score(two, [rule], "src/server/");
    expect(s.equivalent).toBe(1);
    expect(s.unreviewed.map((m) => m.replacement)).toEqual(["true"]);
  });
});
