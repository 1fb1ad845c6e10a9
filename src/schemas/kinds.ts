/**
 * The kinds of document the kit validates, and the schema file (under `schemas/`) behind each.
 */
import { fail, type Result } from "../model/issue.js";

/** Kind name → schema file name. */
export const SCHEMA_FILES = {
  albums: "album-list.schema.json",
  photos: "photo-list.schema.json",
  appdata: "appdata.schema.json",
  person: "people-self.schema.json",
  people: "people.schema.json",
  "appdata-write": "appdata-write.schema.json",
  error: "error.schema.json",
  album: "album.schema.json",
  photo: "photo.schema.json",
  "people-self": "people-self.schema.json",
  "people-friends": "people-friends.schema.json",
  "appdata-record": "appdata-record.schema.json",
} as const;

/**
 * A document kind: `albums`, `photos`, `appdata`, `person` (people @self response), `people`
 * (either people response), `appdata-write`, `error`, and the finer `album`, `photo`,
 * `people-self`, `people-friends`, `appdata-record`.
 */
export type Kind = keyof typeof SCHEMA_FILES;

/** Every kind, for iteration. */
export const KINDS = Object.keys(SCHEMA_FILES) as Kind[];

/** Type guard for {@link Kind}. */
export function isKind(name: string): name is Kind {
  return Object.hasOwn(SCHEMA_FILES, name);
}

/** The `unknown-kind` failure of every function taking a kind name (validate, parseJson, readCaptured). */
export function unknownKind(name: unknown): Result<never> {
  return fail([
    { code: "unknown-kind", pointer: "", message: `unknown kind ${JSON.stringify(name)}` },
  ]);
}

/** Every schema file, including the shared definitions. */
export const ALL_SCHEMA_FILES = [
  ...new Set(["defs.schema.json", "person.schema.json", ...Object.values(SCHEMA_FILES)]),
];

/** Validation strictness (P-FMT-6). */
export type Mode = "lenient" | "strict";
