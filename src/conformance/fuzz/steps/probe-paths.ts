/**
 * Probes of paths and methods (P-ERR-2, §7): paths that stop early or name nothing, another
 * method, HEAD, one trailing slash.
 */
import {
  API_PREFIX,
  answeredMethods,
  operation,
  operationPath,
} from "../../../model/operations.js";
import { listTokens } from "../../../wire/header-list.js";
import { FuzzFailure } from "../judge.js";
import type { Probe } from "../ops.js";
import { type ProbeStep, SELF, servedAsSelf } from "./probe-step.js";
import { refused } from "./step.js";

/** A GET of `path`, which must answer `status`. */
const answers =
  (path: string, status: number, statement: string): ProbeStep =>
  async (run) => {
    await run.send({ method: "GET", path }, refused(status, statement));
  };

export const PATH_PROBES = {
  "no-selector-people": answers(
    operationPath("people", { guid: "@me" }),
    403,
    "S-7.2-403-NO-SELECTOR",
  ),
  "no-selector-appdata": answers(
    operationPath("appdata-read", { guid: "@me" }),
    403,
    "S-7.1-403-NO-SELECTOR",
  ),
  "no-guid-people": answers(operationPath("people", {}), 400, "S-7.2-400-NO-TARGET"),
  "no-guid-appdata": answers(operationPath("appdata-read", {}), 400, "S-7.1-400-NO-TARGET"),
  "unknown-path": answers(`${API_PREFIX}nothing/@me/@self`, 404, "P-ERR-2"),
  "empty-segment": answers(`${API_PREFIX}people/@me//@self`, 404, "P-ERR-2"),
  // P-ERR-2 (rev. 5): a selector that is not the operation's is an unknown path.
  "unknown-selector": answers(
    operationPath("appdata-read", { guid: "@me", selector: "@family" }),
    404,
    "P-ERR-2",
  ),
  head: async (run) => {
    // P-ERR-2: HEAD is answered wherever GET is, with GET's status and no body.
    const a = await run.send({ method: "HEAD", path: SELF }, { status: 200, statement: "P-ERR-2" });
    if (run.ctx.judge && a.body.length > 0)
      throw new FuzzFailure({ statement: "P-ERR-2", path: "body", code: "head-body" }, a);
  },
  "wrong-method": async (run) => {
    const { ctx } = run;
    const a = await run.send({ method: "PATCH", path: SELF }, refused(405, "P-ERR-2"));
    // P-ERR-2: Allow lists every method the path answers, HEAD wherever GET (a writers'
    // rule, profile revision 5).
    const allow = listTokens(a.headers.allow);
    const listed = ctx.level === "profile" ? answeredMethods(operation("people")) : [];
    // (a 405 at profile; at core the status is the profile's to decide, P-ERR-2)
    if (
      ctx.judge &&
      a.status === 405 &&
      (!a.headers.allow || listed.some((m) => !allow.includes(m)))
    )
      throw new FuzzFailure(
        { statement: "P-ERR-2", path: "header:allow", code: "allow-missing" },
        a,
      );
  },
  "friends-write": async (run) => {
    // P-ERR-2 (rev. 5): a write method on appdata @friends is a known path with another
    // method, 405 with Allow, before any permission check.
    const a = await run.send(
      {
        method: "DELETE",
        path: operationPath("appdata-read", { guid: "@me", selector: "@friends" }),
        query: [["fields", run.key("fw")]],
      },
      refused(405, "P-ERR-2"),
    );
    if (run.ctx.judge && a.status === 405 && !a.headers.allow)
      throw new FuzzFailure(
        { statement: "P-ERR-2", path: "header:allow", code: "allow-missing" },
        a,
      );
  },
  "trailing-slash": (run) => servedAsSelf(run, { path: `${SELF}/` }, "P-ERR-2"),
} satisfies Partial<Record<Probe, ProbeStep>>;
