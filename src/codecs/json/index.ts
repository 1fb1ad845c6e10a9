/**
 * `opensocial-kit/json`: the JSON codec alone: lenient reading (`fromJson`, §2 renderings
 * normalised, bounded before `JSON.parse`) and declared-type writing (`toJson`) of every
 * document kind; the same kind names as `opensocial-kit/atom`.
 */
// biome-ignore-all assist/source/organizeImports: one export per line, each with its comment

/** The value type of each kind. */
export type { KindValue, KindValueMap } from "../../schemas/kind-values.js";
/** Reads wire JSON text of a kind leniently, normalising numbers and booleans (P-FMT-6). */
export { fromJson, type JsonReadOptions } from "./read.js";
/** Writes wire JSON of a kind with the declared types. */
export { toJson } from "./write.js";
/** The bounds `fromJson` applies before parsing (size, nesting depth). */
export type { JsonLimits } from "./limits.js";
