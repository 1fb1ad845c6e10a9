/** JSON codec: lenient reading and declared-type writing of every document kind. */
export type { KindValue, KindValueMap } from "./kind-values.js";
export { checkJsonLimits, type JsonLimits, parseJsonText } from "./limits.js";
export { parseJson } from "./parse.js";
export { toJson } from "./write.js";
