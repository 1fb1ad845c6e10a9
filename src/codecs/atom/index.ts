/**
 * `opensocial-kit/atom`: the Atom codec alone: the Atom representation of application data
 * (§4.3, P-FMT-2..5) and of people, albums and photos (P-FMT-7), with the same kind names as
 * `opensocial-kit/json` (`person`: one person; `people`: the @friends collection). The writer
 * builds text directly with a tested escaper; the reader uses its own strict, namespace-aware
 * XML scanner (`xml/scan.ts`) with size, depth and DOCTYPE limits, and returns issues with an XPath and line/column instead
 * of throwing.
 */
// biome-ignore-all assist/source/organizeImports: one export per topic, each with its comment

/** Writes the feed of a value of an Atom kind: `toAtom(kind, value, options)`. */
export { type OrderedAppDataResponse, toAtom } from "./write.js";
/** Options of the writer (`strict`: an RFC 4287-valid feed, P-FMT-5). */
export type { AtomWriteOptions } from "./frame.js";
/** Reads the feed of an Atom kind: `fromAtom(kind, xml, options)`. */
export { type AtomReadOptions, fromAtom } from "./read.js";
/** The kinds that have an Atom form, and the value type of each. */
export { ATOM_KINDS, type AtomKind, type AtomValueMap, isAtomKind } from "./kinds.js";
/** The reader's bounds (document size, element depth) and their defaults. */
export { type AtomReadLimits, DEFAULT_ATOM_LIMITS, MAX_ATOM_DEPTH } from "./limits.js";
/** The namespaces: Atom, OpenSocial application data, OpenSearch (as written and as published). */
export { ATOM_NS, OPENSOCIAL_NS, OSEARCH_NS, OSEARCH_NS_PUBLISHED } from "./namespaces.js";
