/**
 * Runs one fuzz operation against a target by the step of its kind (steps/steps.ts): the step
 * builds its request(s) as the target's own users and apps, sends them, and (when judging) holds
 * each answer to the model — the status, the data of a read in JSON and then in Atom (JSON ↔ Atom
 * consistency on every read) — and updates the application-data model with what a correct
 * server stored.
 */
import type { AppDataModel } from "./appdata-model.js";
import type { FuzzContext } from "./context.js";
import type { Op } from "./ops.js";
import { type Step, stepRun } from "./steps/step.js";
import { STEPS } from "./steps/steps.js";
import type { Answer } from "./wire.js";

/**
 * Runs `op`; returns every answer, in order, pushed to `answers` as they come (so a caller that
 * passes its own array keeps the answers got before a throw). Throws {@link FuzzFailure} when
 * judging fails, and a TransportFailure when a request got no answer.
 */
export async function execute(
  op: Op,
  data: AppDataModel,
  ctx: FuzzContext,
  answers: Answer[] = [],
): Promise<Answer[]> {
  // The step of `op.t` takes that kind of operation, a pairing TypeScript cannot follow.
  const step = STEPS[op.t] as Step<Op["t"]>;
  await step(op, stepRun(data, ctx, answers));
  return answers;
}
