/**
 * The Atom writer `toAtom(kind, value, options)`: application data (§4.3, P-FMT-2..5) and every
 * other kind with an Atom form (P-FMT-7). Direct string building with the tested escaper; keys and member names follow
 * P-FMT-3 (object key order) and P-FMT-4 (name escape).
 */
import { isValidKey, isWithinValueLength } from "../../model/appdata-rules.js";
import { KitError } from "../../model/kit-error.js";
import { MAX_VALUE_CODE_POINTS } from "../../model/limits.js";
import { quoted } from "../../model/quote.js";
import type { AppDataResponse } from "../../model/responses.js";
import { writableValue } from "../writable-value.js";
import { escapeText } from "./escape.js";
import {
  type AtomWriteOptions,
  dataOpen,
  writeEntry,
  writeFeedEnd,
  writeFeedStart,
} from "./frame.js";
import { type AtomKind, type AtomValueMap, DATA_ELEMENTS, isAtomKind } from "./kinds.js";
import { encodeName } from "./names.js";

type JsonObject = Record<string, unknown>;

/**
 * An application-data response whose records may be `Map`s: the order of first write is kept
 * for every key (P-FMT-3), integer-like keys included.
 */
export type OrderedAppDataResponse = Omit<AppDataResponse, "entry"> & {
  entry: Record<string, AppDataResponse["entry"][string] | ReadonlyMap<string, string>>;
};

const MEMBER_INDENT = "        ";
const ADDRESS_INDENT = "          ";

function invalid(detail: string): KitError {
  return new KitError("OSK_INVALID_VALUE", detail);
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The text of a scalar member: strings escaped, numbers and booleans as their JSON text. */
function scalarText(value: unknown, where: string): string | undefined {
  if (typeof value === "string") return escapeText(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw invalid(`${where}: a number XML cannot carry as JSON text`);
    return JSON.stringify(value);
  }
  return undefined;
}

/** One element per member; an array member one element per item; an object member nested. */
function writeMember(name: string, value: unknown, indent: string, where: string): string {
  const tag = encodeName(name);
  const text = scalarText(value, where);
  if (text !== undefined) {
    return text === "" ? `${indent}<${tag}/>\n` : `${indent}<${tag}>${text}</${tag}>\n`;
  }
  if (Array.isArray(value)) {
    let out = "";
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (Array.isArray(item)) throw invalid(`${where}/${i}: nested arrays have no Atom form`);
      out += writeMember(name, item, indent, `${where}/${i}`);
    }
    return out;
  }
  if (isObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return `${indent}<${tag}/>\n`;
    let out = `${indent}<${tag}>\n`;
    const inner = indent === MEMBER_INDENT ? ADDRESS_INDENT : `${indent}  `;
    for (const k of keys) {
      const member = value[k];
      const memberText = scalarText(member, `${where}/${k}`);
      if (memberText === undefined)
        throw invalid(`${where}/${k}: only scalar members are written here`);
      const t = encodeName(k);
      out += memberText === "" ? `${inner}<${t}/>\n` : `${inner}<${t}>${memberText}</${t}>\n`;
    }
    return `${out}${indent}</${tag}>\n`;
  }
  throw invalid(`${where}: ${value === null ? "null" : typeof value} has no Atom form`);
}

/** A data element (`person`, `album`, `mediaItem`) with one child per member, in key order. */
function writeData(name: string, item: JsonObject, where: string): string {
  const keys = Object.keys(item);
  if (keys.length === 0) return `${dataOpen(name).slice(0, -1)}/>`;
  let out = `${dataOpen(name)}\n`;
  for (const k of keys) out += writeMember(k, item[k], MEMBER_INDENT, `${where}/${k}`);
  return `${out}      </${name}>`;
}

/**
 * P-FMT-3: the `appdata` element, one child per key in key order, P-FMT-4 names. A record given
 * as a `Map` keeps its order even for integer-like keys, which a plain object puts first.
 */
function writeAppData(record: unknown, where: string): string {
  let out = "";
  if (record instanceof Map) {
    for (const [key, value] of record as Map<unknown, unknown>) out += writeKey(key, value, where);
  } else if (isObject(record)) {
    for (const key in record)
      if (Object.hasOwn(record, key)) out += writeKey(key, record[key], where);
  } else throw invalid(`${where}: an application-data record must be an object`);
  return out === ""
    ? `${dataOpen("appdata").slice(0, -1)}/>`
    : `${dataOpen("appdata")}\n${out}      </appdata>`;
}

/** Valid P-DATA-1 keys seen lately → element name (keys repeat from entry to entry). */
const TAGS = new Map<string, string>();
const TAGS_MAX = 4096;

/** The element name of a P-DATA-1 key (P-FMT-4); `OSK_INVALID_KEY` for any other key. */
function tagOf(key: unknown): string {
  if (typeof key === "string") {
    const known = TAGS.get(key);
    if (known !== undefined) return known;
    if (isValidKey(key)) {
      if (TAGS.size >= TAGS_MAX) TAGS.clear();
      const tag = encodeName(key);
      TAGS.set(key, tag);
      return tag;
    }
  }
  throw new KitError("OSK_INVALID_KEY", quoted(key));
}

/** One `appdata` child: a P-DATA-1 key and its string value. */
function writeKey(key: unknown, value: unknown, where: string): string {
  const tag = tagOf(key);
  if (typeof value !== "string") throw invalid(`${where}/${String(key)}: values are strings`);
  if (!isWithinValueLength(value))
    throw invalid(
      `${where}/${String(key)}: a value has at most ${MAX_VALUE_CODE_POINTS} characters (P-DATA-1)`,
    );
  return value === ""
    ? `${MEMBER_INDENT}<${tag}/>\n`
    : `${MEMBER_INDENT}<${tag}>${escapeText(value)}</${tag}>\n`;
}

function stringMember(item: JsonObject, key: string, where: string): string {
  const value = item[key];
  if (typeof value !== "string" || value === "")
    throw invalid(`${where}/${key}: a non-empty id is required`);
  return value;
}

/**
 * §4.3 / P-FMT-2: the Atom feed of an application-data read response, one entry per user in
 * `entry` key order (records may be `Map`s, see {@link OrderedAppDataResponse}).
 */
function writeAppDataFeed(
  value: AppDataResponse | OrderedAppDataResponse,
  options: AtomWriteOptions,
): string {
  const response = value as unknown;
  if (!isObject(response) || !isObject(response.entry))
    throw invalid("appdata: entry must be an object");
  const head = { startIndex: response.startIndex, totalResults: response.totalResults };
  let out = writeFeedStart("appdata", head, options);
  const entries = response.entry;
  for (const user in entries) {
    if (!Object.hasOwn(entries, user)) continue;
    const record = entries[user];
    const data = writeAppData(record, `/entry/${user}`);
    const updated =
      record instanceof Map ? record.get("updated") : isObject(record) ? record.updated : undefined;
    out += writeEntry(data, user, user, updated, options);
  }
  return out + writeFeedEnd();
}

/** The list of items of a list or single-person response. */
function itemsOf(kind: AtomKind, response: JsonObject): unknown[] {
  const entry = response.entry;
  if (kind === "person") {
    if (!isObject(entry)) throw invalid("person: entry must be one person object");
    return [entry];
  }
  if (!Array.isArray(entry)) throw invalid(`${kind}: entry must be an array`);
  return entry;
}

/**
 * P-FMT-7: the album owner every photo entry names as its author, checked before any entry is
 * written, so that an empty page fails as a full one does.
 */
function photosOwner(options: AtomWriteOptions): string {
  if (options.ownerId === undefined || options.ownerId === "") {
    throw new KitError(
      "OSK_ATOM_OWNER_REQUIRED",
      "pass options.ownerId (the album owner) for photos",
    );
  }
  return options.ownerId;
}

/** P-FMT-7: entry author: the person (people), the album owner (albums, photos: `owner`). */
function authorOf(kind: AtomKind, item: JsonObject, where: string, owner: string): string {
  if (kind === "albums") return stringMember(item, "ownerId", where);
  if (kind === "photos") return owner;
  return stringMember(item, "id", where);
}

/**
 * The options argument of `toAtom` for `kind`: required for photos, whose entry author is the
 * album's owner (P-FMT-7), which a photo (§2.3: `albumId`, no owner) does not carry; optional
 * for every other kind, and for a kind not known to be photos when the call is compiled.
 */
type AtomOptionsArg<K extends AtomKind> = [K] extends ["photos"]
  ? [options: AtomWriteOptions & { ownerId: string }]
  : [options?: AtomWriteOptions];

/**
 * The Atom feed of a value of `kind` (P-FMT-2, P-FMT-7). `appdata`: one entry per user in `entry`
 * key order (records may be `Map`s, see {@link OrderedAppDataResponse}); `albums`, `photos`,
 * `person` (people `@self` or `pid`: a feed of one entry) and `people` (`@friends`, with
 * `opensearch:itemsPerPage`): one entry per item, the data element `album`, `mediaItem` or
 * `person` holding one child per member in JSON order. Photos need `options.ownerId` (the types
 * require it; `OSK_ATOM_OWNER_REQUIRED` when it is missing or empty). Throws
 * `OSK_INVALID_KEY` for an application-data key outside P-DATA-1, `OSK_XML_UNWRITABLE` for a
 * value XML 1.0 cannot carry and `OSK_INVALID_VALUE` for a value that is not a valid `kind`
 * (the check `toJson` makes: a required member missing, a member of the wrong type), so that
 * `fromAtom` reads back every feed it writes.
 */
export function toAtom<K extends AtomKind>(
  kind: K,
  value: AtomValueMap[K] | (K extends "appdata" ? OrderedAppDataResponse : never),
  ...rest: AtomOptionsArg<K>
): string {
  const text = writeAtom(kind, value, ...rest);
  writableValue(kind, kind === "appdata" ? withoutRecords(value) : value);
  return text;
}

/**
 * An application-data response with each record emptied, for the schema's check of the rest:
 * the writer has checked every key and value of the records by P-DATA-1 already (`tagOf`,
 * `writeKey`, `escapeText`), and a second pass over them would cost a third of the write.
 */
function withoutRecords(value: unknown): unknown {
  if (!isObject(value) || !isObject(value.entry)) return value;
  const entry: JsonObject = {};
  for (const user of Object.keys(value.entry)) entry[user] = {};
  return { ...value, entry };
}

/**
 * {@link toAtom} without the check against the kind's schema: only the writer's own refusals
 * (keys, characters, the shapes it walks). For values valid by construction, as the reference
 * server's answers are (its world is checked when loaded, its records when written).
 */
export function writeAtom<K extends AtomKind>(
  kind: K,
  value: AtomValueMap[K] | (K extends "appdata" ? OrderedAppDataResponse : never),
  ...rest: AtomOptionsArg<K>
): string {
  const options: AtomWriteOptions = rest[0] ?? {};
  if (kind === "appdata") return writeAppDataFeed(value as AppDataResponse, options);
  if (!isAtomKind(kind)) throw new KitError("OSK_UNKNOWN_KIND", quoted(kind));
  const spec = DATA_ELEMENTS[kind];
  const response = value as unknown;
  if (!isObject(response)) throw invalid(`${kind}: the response must be an object`);
  const head = {
    startIndex: response.startIndex,
    totalResults: response.totalResults,
    ...(response.itemsPerPage === undefined ? {} : { itemsPerPage: response.itemsPerPage }),
  };
  const name = spec.names[0] ?? "";
  const owner = kind === "photos" ? photosOwner(options) : "";
  let out = writeFeedStart(kind, head, options);
  const items = itemsOf(kind, response);
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const where = kind === "person" ? "/entry" : `/entry/${i}`;
    if (!isObject(item)) throw invalid(`${where}: each item must be an object`);
    const id = stringMember(item, "id", where);
    out += writeEntry(
      writeData(name, item, where),
      id,
      authorOf(kind, item, where, owner),
      item.updated,
      options,
    );
  }
  return out + writeFeedEnd();
}
