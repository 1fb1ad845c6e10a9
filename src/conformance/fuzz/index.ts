/**
 * The model-based random checker: operations drawn by fast-check, every answer held
 * to an executable model of social-api.md + profile.md, failures shrunk and printed with their
 * statement, seed, path and curl lines. Talks HTTP to the target it is given.
 */

export { AppDataModel } from "./appdata-model.js";
export { type FuzzContext, fuzzUsers } from "./context.js";
export { execute } from "./execute.js";
export { FUZZ_FINDINGS, type FuzzFindingCode } from "./finding-codes.js";
export { type Finding, FuzzFailure } from "./judge.js";
export { type Op, opArb, opText } from "./ops.js";
export {
  type FuzzFailureReport,
  type FuzzOptions,
  type FuzzResult,
  fuzzLimits,
  fuzzSmoke,
  newFuzzSeed,
  runFuzz,
} from "./run-fuzz.js";
export { type Answer, createWire, type FuzzRequest, type Wire } from "./wire.js";
export { type FuzzWorld, loadFuzzWorld } from "./world.js";
