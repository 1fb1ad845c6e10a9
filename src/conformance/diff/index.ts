/**
 * The differential run: the same requests sent to two implementations, their
 * answers compared under the readers' tolerance.
 */
export { type Difference, firstDifference } from "../checks/difference.js";
export { type AnswerDifference, compareAnswers } from "./compare-answers.js";
export { type DifferenceGroup, GROUP_SOURCES, groupDifferences } from "./group-differences.js";
export { replayFuzz } from "./replay-fuzz.js";
export { type ExchangePair, replaySuite } from "./replay-suite.js";
export {
  type DiffEntry,
  type DiffOptions,
  type DiffResult,
  type DiffSide,
  type NotCompared,
  overCapSides,
  pairDifference,
  runDiff,
} from "./run-diff.js";
export { type RawAnswer, type SemanticAnswer, semanticAnswer } from "./semantic.js";
