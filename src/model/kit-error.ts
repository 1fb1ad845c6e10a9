/**
 * Thrown errors are for programming mistakes (a caller passing a value the types forbid, a
 * schema that does not compile). Each carries a stable `code`, tested from one table. A store
 * that stops answering or an unusable deployment setting is no mistake of the caller's: it is an
 * `OperationalError` (operational-error.ts).
 */

/** Stable codes of errors the kit throws. */
export const KIT_ERROR_CODES = {
  OSK_INVALID_VALUE: "the value does not match its declared kind",
  OSK_UNKNOWN_KIND: "no schema is registered for this kind",
  OSK_SCHEMA_COMPILE: "a bundled JSON Schema did not compile",
  OSK_INVALID_ID: "the string is not a valid identifier",
  OSK_XML_UNWRITABLE: "a value holds a character XML 1.0 cannot carry",
  OSK_INVALID_KEY: "an application-data key is outside the P-DATA-1 alphabet",
  OSK_UNENCODABLE_TEXT: "a text to percent-encode holds a lone surrogate, which has no UTF-8 form",
  OSK_MALFORMED_ESCAPE: "a URL or form body to sign holds a malformed percent escape",
  OSK_ATOM_OWNER_REQUIRED: "the photos Atom writer needs the album owner's id (options.ownerId)",
  OSK_INVALID_BYTE_COUNT: "a count of random bytes is a whole number, 0 or more",
  OSK_INVALID_LIMIT: "a reader's limit (maxBytes, maxDepth, maxLength) is a number, 0 or more",
  OSK_PACKAGE_ROOT:
    "the package's own files cannot be found: no package.json named opensocial-kit in a folder above the module",
  OSK_CASE_UNBUILDABLE:
    "a request the run had selected could not be built (the selection let through a case the target cannot run)",
} as const;

/** One of the keys of {@link KIT_ERROR_CODES}. */
export type KitErrorCode = keyof typeof KIT_ERROR_CODES;

/** A coded error's message: what its code means, then the detail when there is one. */
export function codedMessage(meaning: string, detail: string | undefined): string {
  return detail ? `${meaning}: ${detail}` : meaning;
}

/** The error the library throws for a programming mistake. */
export class KitError extends Error {
  readonly code: KitErrorCode;
  constructor(code: KitErrorCode, detail?: string) {
    super(codedMessage(KIT_ERROR_CODES[code], detail));
    this.name = "KitError";
    this.code = code;
  }
}
