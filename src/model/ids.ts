/**
 * Identifiers (social-api.md §2.1): `<namespace>:<value>` platformUserIds (albums and photos
 * share the form) and the `urn:guid:` form used by Atom (§4.3, P-FMT-2).
 */
import { KitError } from "./kit-error.js";
import { quoted } from "./quote.js";

/** A parsed `<namespace>:<value>` identifier. */
export interface PlatformId {
  readonly namespace: string;
  readonly value: string;
}

const URN_GUID = "urn:guid:";
/** The prefix in any ASCII letter case (without the `u` flag, no non-ASCII letter folds to one). */
const URN_GUID_ANY_CASE = /^urn:guid:/i;

/**
 * Splits `<namespace>:<value>` at its first colon. Both parts must be non-empty; the value may
 * itself hold colons. Returns `undefined` for anything else.
 */
export function parsePlatformId(id: string): PlatformId | undefined {
  const colon = id.indexOf(":");
  if (colon <= 0 || colon === id.length - 1) return undefined;
  return { namespace: id.slice(0, colon), value: id.slice(colon + 1) };
}

/** Joins a namespace and a value; throws `OSK_INVALID_ID` when either is empty or the namespace holds a colon. */
export function formatPlatformId(namespace: string, value: string): string {
  if (namespace === "" || value === "" || namespace.includes(":")) {
    throw new KitError("OSK_INVALID_ID", `${quoted(namespace)} / ${quoted(value)}`);
  }
  return `${namespace}:${value}`;
}

/** True when `id` has the `<namespace>:<value>` form. */
export function isPlatformId(id: string): boolean {
  return parsePlatformId(id) !== undefined;
}

/** `example.org:alice` → `urn:guid:example.org:alice`. */
export function toUrnGuid(id: string): string {
  return URN_GUID + id;
}

/**
 * `urn:guid:example.org:alice` → `example.org:alice`; `undefined` without the prefix or with
 * nothing after it. The prefix is read in any letter case (`URN:GUID:`: RFC 8141 §3.1 makes the
 * scheme and the NID case-insensitive; readers are lenient, P-FMT-6); the id after it is kept as
 * written.
 */
export function fromUrnGuid(urn: string): string | undefined {
  if (!URN_GUID_ANY_CASE.test(urn) || urn.length === URN_GUID.length) return undefined;
  return urn.slice(URN_GUID.length);
}
