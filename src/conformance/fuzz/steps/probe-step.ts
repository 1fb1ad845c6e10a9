/**
 * What a probe is — a request that must be refused, or that probes a rule outside the data —
 * and the read most probes start from: the viewer's own profile, which a correct server serves
 * whatever the probe changes around it.
 */
import { operationPath } from "../../../model/operations.js";
import { expectRead, type Read } from "../expected.js";
import { judgeJsonRead } from "../judge.js";
import type { FuzzRequest } from "../wire.js";
import type { FuzzWorld } from "../world.js";
import type { StepRun } from "./step.js";

/** Runs one probe. */
export type ProbeStep = (run: StepRun) => Promise<void>;

/** The viewer's own profile (§4.6). */
export const SELF = operationPath("people", { guid: "@me", selector: "@self" });

/** The model's read of {@link SELF}. */
export function selfRead(world: FuzzWorld): Read {
  return { op: "people", as: world.viewer, user: world.viewer, selector: "@self", paging: {} };
}

/** Sends `GET SELF` changed by `extra`: a correct server serves the profile (judged under `statement`). */
export async function servedAsSelf(
  run: StepRun,
  extra: Partial<FuzzRequest>,
  statement: string,
): Promise<void> {
  const expected = { ...expectRead(run.world, run.data, selfRead(run.world)), statement };
  const a = await run.send({ method: "GET", path: SELF, ...extra }, expected);
  // (at core a status the profile decides may be another; only a 200 carries the profile)
  if (run.ctx.judge && a.status === 200) judgeJsonRead(a, expected, run.ctx.level);
}
