/**
 * The kinds of document the kit validates, and the schema file (under `schemas/`) behind each.
 */
import { fail, type Result } from "../model/issue.js";
import { quoted } from "../model/quote.js";

/** Kind name → schema file name. */
export const SCHEMA_FILES = {
  albums: "album-list.schema.json",
  photos: "photo-list.schema.json",
  appdata: "appdata.schema.json",
  person: "people-self.schema.json",
  people: "people-friends.schema.json",
  "appdata-write": "appdata-write.schema.json",
  error: "error.schema.json",
  album: "album.schema.json",
  photo: "photo.schema.json",
  "appdata-record": "appdata-record.schema.json",
} as const;

/**
 * A document kind: `albums`, `photos`, `appdata`, `person` (a people @self or pid response: one
 * person), `people` (a people @friends response: the collection), `appdata-write`, `error`, and
 * the finer `album`, `photo`, `appdata-record`. The Atom codec gives each name the same meaning.
 */
export type Kind = keyof typeof SCHEMA_FILES;

/** Every kind, for iteration. */
export const KINDS = Object.keys(SCHEMA_FILES) as Kind[];

/** Type guard for {@link Kind}. */
export function isKind(name: string): name is Kind {
  return Object.hasOwn(SCHEMA_FILES, name);
}

/** The `unknown-kind` failure of every function taking a kind name (validate, fromJson, readCaptured). */
export function unknownKind(name: unknown): Result<never> {
  return fail([{ code: "unknown-kind", pointer: "", message: `unknown kind ${quoted(name)}` }]);
}

/**
 * Every schema file: the kinds', the shared definitions, and `people.schema.json` (either people
 * response, as GET people/{guid}/{selector} answers; the OpenAPI document refers to it).
 */
export const ALL_SCHEMA_FILES = [
  ...new Set([
    "defs.schema.json",
    "person.schema.json",
    "people.schema.json",
    ...Object.values(SCHEMA_FILES),
  ]),
];

/** Validation strictness (P-FMT-6). */
export type Mode = "lenient" | "strict";
