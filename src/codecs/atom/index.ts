/**
 * Atom codec (`opensocial-kit/atom`): the Atom representation of application data (§4.3,
 * P-FMT-2..5) and of people, albums and photos (P-FMT-7). Writers build text directly with a
 * tested escaper; readers use saxes (strict, namespace-aware) with size, depth and DOCTYPE limits.
 */
export { escapeAttribute, escapeText } from "./escape.js";
export type { AtomWriteOptions } from "./frame.js";
export { ATOM_KINDS, type AtomKind, type AtomValueMap, isAtomKind } from "./kinds.js";
export { type AtomReadLimits, DEFAULT_ATOM_LIMITS, MAX_ATOM_DEPTH } from "./limits.js";
export { decodeName, encodeName } from "./names.js";
export { ATOM_NS, OPENSOCIAL_NS, OSEARCH_NS, OSEARCH_NS_PUBLISHED } from "./namespaces.js";
export { type AtomReadOptions, fromAtom, fromAtomFeed, parseXmlDocument } from "./read.js";
export { type TreeResult, type XmlElement, xpathOf } from "./tree.js";
export { type OrderedAppDataResponse, toAtom, toAtomFeed } from "./write.js";
