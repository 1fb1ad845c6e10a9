/**
 * `opensocial-kit/atom`: the Atom codec alone: the Atom representation of application data
 * (§4.3, P-FMT-2..5) and of people, albums and photos (P-FMT-7). Writers build text directly
 * with a tested escaper; readers use saxes (strict, namespace-aware) with size, depth and
 * DOCTYPE limits, and return issues with an XPath and line/column instead of throwing.
 */
// biome-ignore-all assist/source/organizeImports: one export per topic, each with its comment

/** Writes an appdata feed (`toAtom`) or the feed of any Atom kind (`toAtomFeed`). */
export { type OrderedAppDataResponse, toAtom, toAtomFeed } from "./write.js";
/** Options of the writers (`strict`: an RFC 4287-valid feed, P-FMT-5). */
export type { AtomWriteOptions } from "./frame.js";
/** Reads an appdata feed (`fromAtom`) or the feed of any Atom kind (`fromAtomFeed`). */
export { type AtomReadOptions, fromAtom, fromAtomFeed } from "./read.js";
/** The kinds that have an Atom form, and the value type of each. */
export { ATOM_KINDS, type AtomKind, type AtomValueMap, isAtomKind } from "./kinds.js";
/** The reader's bounds (document size, element depth) and their defaults. */
export { type AtomReadLimits, DEFAULT_ATOM_LIMITS, MAX_ATOM_DEPTH } from "./limits.js";
/** The namespaces: Atom, OpenSocial application data, OpenSearch (as written and as published). */
export { ATOM_NS, OPENSOCIAL_NS, OSEARCH_NS, OSEARCH_NS_PUBLISHED } from "./namespaces.js";
