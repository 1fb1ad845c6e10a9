/**
 * The least wall time a run's own case times allow once the cases that may not run beside each
 * other are kept apart, as the scheduler keeps them (src/conformance/run/scheduler.ts): an
 * exclusive case runs beside no case whose state meets its own (touched-state.ts).
 *
 * For one plain state (`appdata/viewer`, `people`: no "every user" in it), every case that
 * touches it or every user's data meets every other such case, so the exclusive ones among them
 * run one after the other, and none of them beside a shared one; the shared ones run at most
 * `concurrency` at once. Those cases therefore take at least the exclusive ones' times added up,
 * plus the shared ones' shared among the slots. The floor is the largest such sum over the
 * states, plus the run's start (its wall time outside the cases' run). The packing floor
 * (run.ts) shares every case's time among the slots and ignores who may meet whom; this one is
 * what the cases' meaning leaves, below which only fewer or faster round trips go.
 */
import { type CaseSpec, loadCases, loadStatements } from "../../src/conformance/index.js";
import {
  ANY_STATE,
  ANY_USER,
  statesMeet,
  statesOf,
} from "../../src/conformance/run/touched-state.js";

/** A case's part in the floor: whether it is exclusive and what it touches. */
interface Placed {
  readonly exclusive: boolean;
  readonly states: ReadonlySet<string>;
}

let placed: Map<string, Placed> | undefined;

/** The bundled suite's cases by id (loaded once). */
function suiteCases(): Map<string, Placed> {
  if (placed) return placed;
  const statements = loadStatements();
  if (!statements.ok) throw new Error("the bundled statements do not load");
  const cases = loadCases(statements.value);
  if (!cases.ok) throw new Error("the bundled cases do not load");
  placed = new Map(
    cases.value.map((c: CaseSpec) => [
      c.id,
      { exclusive: c.exclusive === true, states: statesOf(c) },
    ]),
  );
  return placed;
}

/** True when `state` names one user's data or one collection (not every user's, not anything). */
const plain = (state: string): boolean => state !== ANY_STATE && !state.endsWith(`/${ANY_USER}`);

/** The floor and the state that sets it: what its exclusive and its shared cases took. */
export interface ApartFloor {
  /** The floor, in ms: the state's sum plus the run's start. */
  readonly ms: number;
  /** The state whose cases add up to the most (`appdata/viewer`), `undefined` with none. */
  readonly state?: string;
  readonly exclusive: { readonly cases: number; readonly ms: number };
  readonly shared: { readonly cases: number; readonly ms: number };
}

/**
 * The floor and what sets it: `caseMs` the time of each case run (by id), `runMs` the cases'
 * run, `wallMs` the whole process.
 */
export function apartFloor(
  caseMs: ReadonlyMap<string, number>,
  runMs: number,
  wallMs: number,
  concurrency: number,
): ApartFloor {
  const cases = suiteCases();
  const ran = [...caseMs].flatMap(([id, ms]) => {
    const c = cases.get(id);
    return c ? [{ ...c, ms }] : [];
  });
  const states = new Set(
    ran.filter((c) => c.exclusive).flatMap((c) => [...c.states].filter(plain)),
  );
  let worst: ApartFloor = {
    ms: wallMs - runMs,
    exclusive: { cases: 0, ms: 0 },
    shared: { cases: 0, ms: 0 },
  };
  for (const state of states) {
    const one = new Set([state]);
    const exclusive = { cases: 0, ms: 0 };
    const shared = { cases: 0, ms: 0 };
    for (const c of ran)
      if (statesMeet(c.states, one)) {
        const part = c.exclusive ? exclusive : shared;
        part.cases++;
        part.ms += c.ms;
      }
    const ms = wallMs - runMs + exclusive.ms + shared.ms / concurrency;
    if (ms > worst.ms) worst = { ms, state, exclusive, shared };
  }
  return worst;
}
