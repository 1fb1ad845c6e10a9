/**
 * Turns replies and faults into bytes: JSON (`application/json; charset=utf-8`), Atom
 * (`application/atom+xml; charset=utf-8`) via the Atom codec, the P-ERR-1 error body, and the
 * empty 200 of writes and deletes (P-DATA-2).
 */
import { type Defects, NO_DEFECTS } from "./defects.js";
import type { Fault } from "./fault.js";
import type { AppDataReply, Reply } from "./reply.js";
import type { ServerResponse } from "./types.js";

/** P-FMT-1 content types. */
export const JSON_TYPE = "application/json; charset=utf-8";
export const ATOM_TYPE = "application/atom+xml; charset=utf-8";

/** UTF-8 bytes of `text` (a Buffer: Node writes it without copying). */
const utf8 = (text: string): Uint8Array => Buffer.from(text, "utf8");

/** Writes the application-data response by hand so that keys keep stored order (P-FMT-3). */
export function appDataJson(value: AppDataReply, defects: Defects = NO_DEFECTS): string {
  const users: string[] = [];
  const ids: string[] = [];
  for (const [user, record] of value.entry) {
    const pairs: string[] = [];
    for (const [k, v] of record) {
      const numeric = defects.has("appdata-values-as-numbers") && /^-?[0-9]+$/.test(v);
      pairs.push(`${JSON.stringify(k)}:${numeric ? v : JSON.stringify(v)}`);
    }
    users.push(`${JSON.stringify(user)}:{${pairs.join(",")}}`);
    if (!defects.has("appdata-id-array-empty")) ids.push(JSON.stringify(user));
  }
  const total = defects.has("appdata-missing-total") ? "" : `,"totalResults":${value.totalResults}`;
  const perPage = defects.has("appdata-items-per-page") ? `,"itemsPerPage":${users.length}` : "";
  return `{"entry":{${users.join(",")}},"startIndex":0,"id":[${ids.join(",")}]${total}${perPage}}`;
}

/**
 * The application-data response for the Atom codec: users in a null-prototype object (ids are
 * never integer-like), each record kept as its ordered `Map` (P-FMT-3).
 */
export function appDataObject(value: AppDataReply): {
  entry: Record<string, ReadonlyMap<string, string>>;
  id: string[];
  startIndex: number;
  totalResults: number;
} {
  const entry: Record<string, ReadonlyMap<string, string>> = Object.create(null);
  for (const [user, record] of value.entry) entry[user] = record;
  return { entry, id: [...value.entry.keys()], startIndex: 0, totalResults: value.totalResults };
}

/** A JSON response. */
export function jsonResponse(status: number, text: string): ServerResponse {
  const body = utf8(text);
  return {
    status,
    headers: { "content-type": JSON_TYPE, "content-length": String(body.length) },
    body,
  };
}

/** P-ERR-1: `{"error":{"code":…,"message":"…"}}`, JSON whatever the format; 405 carries `Allow`. */
export function faultResponse(f: Fault, defects: Defects = NO_DEFECTS): ServerResponse {
  const res = jsonResponse(
    f.status,
    JSON.stringify({ error: { code: f.status, message: f.message } }),
  );
  if (defects.has("errors-body-plain")) return plainResponse(f.status, f.message);
  if (f.allow && !defects.has("errors-405-no-allow")) res.headers.allow = f.allow.join(", ");
  return res;
}

/** Renders an Atom document; supplied by the Atom codec. */
export type AtomRenderer = (reply: Exclude<Reply, { kind: "empty" }>) => string;

/** A `text/plain` response (only the `errors-body-plain` mutant writes one). */
function plainResponse(status: number, text: string): ServerResponse {
  const body = utf8(text);
  const headers = { "content-type": "text/plain", "content-length": String(body.length) };
  return { status, headers, body };
}

/** True when a defect makes an Atom request answer JSON (mutants `atom-format-ignored`, `atom-people-json`). */
function atomAnswersJson(reply: Reply, defects: Defects): boolean {
  if (defects.has("atom-format-ignored")) return true;
  return defects.has("atom-people-json") && (reply.kind === "person" || reply.kind === "people");
}

/** Renders a successful reply. */
export function replyResponse(
  reply: Reply,
  atom: AtomRenderer,
  defects: Defects = NO_DEFECTS,
): ServerResponse {
  if (reply.kind === "empty")
    return defects.has("appdata-write-echoes-body")
      ? jsonResponse(200, "{}")
      : { status: 200, headers: { "content-length": "0" }, body: new Uint8Array(0) };
  if (reply.format === "atom" && !atomAnswersJson(reply, defects)) {
    const body = utf8(atom(reply));
    const type = defects.has("atom-content-type") ? JSON_TYPE : ATOM_TYPE;
    return {
      status: 200,
      headers: { "content-type": type, "content-length": String(body.length) },
      body,
    };
  }
  if (reply.kind === "albums" && defects.has("paging-missing-total"))
    return jsonResponse(200, JSON.stringify({ ...reply.value, totalResults: undefined }));
  return jsonResponse(
    200,
    reply.kind === "appdata" ? appDataJson(reply.value, defects) : JSON.stringify(reply.value),
  );
}
