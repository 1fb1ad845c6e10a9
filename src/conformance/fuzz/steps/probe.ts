/** Probes: requests that must be refused, or that probe a rule outside the data, by name. */
import type { Probe } from "../ops.js";
import { AUTH_PROBES } from "./probe-auth.js";
import { PATH_PROBES } from "./probe-paths.js";
import { QUERY_PROBES } from "./probe-query.js";
import type { ProbeStep } from "./probe-step.js";
import type { Step } from "./step.js";

/** Probe → what it sends and how its answer is judged. */
const PROBES: Readonly<Record<Probe, ProbeStep>> = {
  ...AUTH_PROBES,
  ...PATH_PROBES,
  ...QUERY_PROBES,
};

export const probe: Step<"probe"> = (op, run) => PROBES[op.probe](run);
