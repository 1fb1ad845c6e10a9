/**
 * Runs cases concurrently (at most `concurrency` at once; a case's steps stay in order), then
 * each `exclusive` case alone, since those change state other cases read (e.g. deleting all of
 * the viewer's data).
 */
import type { CaseSpec } from "../suite/expand-steps.js";
import { pool } from "./worker-pool.js";

/** Runs `task` over `cases`; results come back in the cases' order. */
export async function schedule<R>(
  cases: readonly CaseSpec[],
  concurrency: number,
  task: (c: CaseSpec) => Promise<R>,
  shouldStop: () => boolean = () => false,
): Promise<(R | undefined)[]> {
  const results: (R | undefined)[] = new Array(cases.length);
  const shared = cases.map((c, i) => [c, i] as const).filter(([c]) => !c.exclusive);
  const alone = cases.map((c, i) => [c, i] as const).filter(([c]) => c.exclusive);
  await pool(
    shared,
    concurrency,
    async ([c, i]) => {
      results[i] = await task(c);
    },
    shouldStop,
  );
  for (const [c, i] of alone) {
    if (shouldStop()) break;
    results[i] = await task(c);
  }
  return results;
}
