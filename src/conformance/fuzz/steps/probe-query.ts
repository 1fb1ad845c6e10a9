/**
 * Probes of the query and of format selection: a key in `fields` too long (P-DATA-1), an
 * undecodable query (P-DATA-2), an unknown format and Accept ranking (P-FMT-1).
 */
import { MAX_KEY_LENGTH } from "../../../model/limits.js";
import { judgeAtomRead } from "../atom-check.js";
import { expectRead } from "../expected.js";
import { FuzzFailure, judgeJsonRead, mediaType } from "../judge.js";
import type { Probe } from "../ops.js";
import { type ProbeStep, SELF, selfRead } from "./probe-step.js";
import { SELF_APPDATA } from "./request-parts.js";
import { refused } from "./step.js";

/**
 * P-FMT-1 (rev. 5): Accept ranked by q for the two types alone; a tie serves JSON, wildcards
 * give neither an entry. The ranking is profile: core sends nothing.
 */
const accepted =
  (accept: string, served: "json" | "atom"): ProbeStep =>
  async (run) => {
    const { ctx } = run;
    if (ctx.level !== "profile") return;
    const expected = {
      ...expectRead(run.world, run.data, selfRead(run.world)),
      statement: "P-FMT-1",
    };
    const a = await run.send({ method: "GET", path: SELF, headers: { accept } }, expected);
    if (!ctx.judge) return;
    if (served === "json") {
      judgeJsonRead(a, expected, ctx.level);
      return;
    }
    if (a.status === 200 && mediaType(a) !== "application/atom+xml")
      throw new FuzzFailure(
        {
          statement: "P-FMT-1",
          path: "header:content-type",
          code: "atom-content-type",
          contentType: a.headers["content-type"],
        },
        a,
      );
    judgeAtomRead(a, expected, ctx.level);
  };

export const QUERY_PROBES = {
  "fields-129": async (run) => {
    // P-DATA-1 (rev. 5): a key named in fields follows the key rules, its length included.
    await run.send(
      {
        method: "GET",
        path: SELF_APPDATA.read,
        query: [
          ["fields", `${run.ctx.prefix}${"f".repeat(MAX_KEY_LENGTH)}`.slice(0, MAX_KEY_LENGTH + 1)],
        ],
      },
      refused(400, "P-DATA-1"),
    );
  },
  "bad-query": async (run) => {
    await run.send(
      { method: "GET", path: SELF_APPDATA.read, rawQuery: "fields=%FF%FE" },
      refused(400, "P-DATA-2"),
    );
  },
  "bad-format": async (run) => {
    await run.send(
      { method: "GET", path: SELF, query: [["format", "xml"]] },
      refused(400, "P-FMT-1"),
    );
  },
  "accept-tie": accepted("application/atom+xml, application/json", "json"),
  "accept-ranked": accepted("application/json;q=0.5, application/atom+xml", "atom"),
  "accept-wildcard": accepted("*/*, application/atom+xml;q=0.5", "atom"),
} satisfies Partial<Record<Probe, ProbeStep>>;
