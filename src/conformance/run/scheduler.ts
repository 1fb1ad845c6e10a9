/**
 * Runs cases concurrently, at most `concurrency` at once (a case's steps stay in order). An
 * `exclusive` case changes state other cases read (e.g. deleting all of the viewer's data), so it
 * runs while no case that touches that state runs (touched-state.ts), and two such cases
 * start in queue order. The queue: first the shared cases that meet an exclusive case (those
 * holding back the exclusive case that fewest cases hold back first), then the exclusive cases,
 * then the shared cases that meet none; in each group the cases of most round trips first, then
 * in case order. So the exclusive cases run as soon as the cases they would disturb are done,
 * beside the cases they cannot disturb (exclusive ones on other state included), instead of
 * after every case: on a distant target their round trips are the run's critical path.
 */
import type { CaseSpec } from "../suite/expand-steps.js";
import { statesMeet, statesOf } from "./touched-state.js";

/** Each case's conflicts: the cases it may not run beside (one of the two exclusive, meeting). */
function conflicts(cases: readonly CaseSpec[]): number[][] {
  const touched = cases.map((c) => ({ c, at: statesOf(c), with: [] as number[] }));
  for (const [i, a] of touched.entries()) {
    if (!a.c.exclusive) continue;
    for (const [j, b] of touched.entries())
      if (j !== i && (!b.c.exclusive || j > i) && statesMeet(a.at, b.at)) {
        a.with.push(j);
        b.with.push(i);
      }
  }
  return touched.map((t) => t.with);
}

/** The round trips a case takes at least: a step each, a repeated one a round per `concurrency`. */
function roundTrips(c: CaseSpec): number {
  return c.steps.reduce((n, s) => n + Math.ceil((s.repeat ?? 1) / (s.concurrency ?? 1)), 0);
}

/** Runs `task` over `cases`; results come back in the cases' order. */
export function schedule<R>(
  cases: readonly CaseSpec[],
  concurrency: number,
  task: (c: CaseSpec) => Promise<R>,
  shouldStop: () => boolean = () => false,
): Promise<(R | undefined)[]> {
  const results: (R | undefined)[] = new Array(cases.length);
  const conflict = conflicts(cases);
  // longest first within each group (fewest cases left running alone at a group's end)
  const trips = cases.map(roundTrips);
  const indices = cases.map((_, i) => i).sort((a, b) => (trips[b] ?? 0) - (trips[a] ?? 0) || a - b);
  // the shared cases that hold back an exclusive case held back by fewest go first, so that
  // exclusive cases on other state (another user's data) start early, beside the rest
  const heldBy = conflict.map((js, i) =>
    cases[i]?.exclusive ? js.filter((j) => !cases[j]?.exclusive).length : Infinity,
  );
  const soonest = conflict.map((js) => Math.min(...js.map((j) => heldBy[j] ?? Infinity)));
  const queue = [
    ...indices
      .filter((i) => !cases[i]?.exclusive && (conflict[i]?.length ?? 0) > 0)
      .sort((a, b) => (soonest[a] ?? 0) - (soonest[b] ?? 0)),
    ...indices.filter((i) => cases[i]?.exclusive),
    ...indices.filter((i) => !cases[i]?.exclusive && (conflict[i]?.length ?? 0) === 0),
  ];
  const rank = new Array<number>(cases.length);
  for (const [r, i] of queue.entries()) rank[i] = r;
  // A free slot goes to the first exclusive case that may start, else to the first other case:
  // an exclusive case on other state starts as soon as its own conflicts are done.
  const waiting = [
    ...queue.filter((i) => cases[i]?.exclusive),
    ...queue.filter((i) => !cases[i]?.exclusive),
  ];
  const state: ("queued" | "running" | "done")[] = cases.map(() => "queued");
  const width = Math.max(1, concurrency);
  let running = 0;
  // A case may start when none of its conflicts runs or stands before it in the queue.
  const free = (i: number) =>
    (conflict[i] ?? []).every(
      (j) => state[j] === "done" || (state[j] === "queued" && (rank[j] ?? 0) > (rank[i] ?? 0)),
    );
  return new Promise((resolve, reject) => {
    let failed = false;
    const pump = () => {
      if (failed) return;
      for (let q = 0; q < waiting.length && running < width && !shouldStop(); ) {
        const i = waiting[q] as number;
        if (!free(i)) {
          q++;
          continue;
        }
        waiting.splice(q, 1);
        state[i] = "running";
        running++;
        task(cases[i] as CaseSpec).then(
          (r) => {
            results[i] = r;
            state[i] = "done";
            running--;
            pump();
          },
          (e: unknown) => {
            failed = true;
            reject(e);
          },
        );
      }
      if (running === 0) resolve(results);
    };
    pump();
  });
}
