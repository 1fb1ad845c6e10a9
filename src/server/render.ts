/**
 * Turns replies and faults into bytes: JSON (`application/json; charset=utf-8`), Atom
 * (`application/atom+xml; charset=utf-8`) via the Atom codec, the P-ERR-1 error body, and the
 * empty 200 of writes and deletes (P-DATA-2).
 */
import type { Fault } from "./fault.js";
import type { AppDataReply, Reply } from "./reply.js";
import type { ServerResponse } from "./types.js";

/** P-FMT-1 content types. */
const JSON_TYPE = "application/json; charset=utf-8";
const ATOM_TYPE = "application/atom+xml; charset=utf-8";

/** UTF-8 bytes of `text` (a Buffer: Node writes it without copying). */
const utf8 = (text: string): Uint8Array => Buffer.from(text, "utf8");

/** Writes the application-data response by hand so that keys keep stored order (P-FMT-3). */
function appDataJson(value: AppDataReply): string {
  const users: string[] = [];
  const ids: string[] = [];
  for (const [user, record] of value.entry) {
    const pairs: string[] = [];
    // forEach, not for…of: a 10,000-key record (P-DATA-7) is rendered by a cold loop, where
    // taking each entry apart costs the more
    record.forEach((v, k) => {
      pairs.push(`${JSON.stringify(k)}:${JSON.stringify(v)}`);
    });
    users.push(`${JSON.stringify(user)}:{${pairs.join(",")}}`);
    ids.push(JSON.stringify(user));
  }
  const total = `,"totalResults":${value.totalResults}`;
  return `{"entry":{${users.join(",")}},"startIndex":0,"id":[${ids.join(",")}]${total}}`;
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

/**
 * JSON text of reply values shared by requests: frozen all the way down (views/self-answer.ts),
 * so the text is the same every time and is written once.
 */
const sharedJson = new WeakMap<object, string>();

/** `JSON.stringify(value)`, written once for a frozen value. */
function jsonText(value: object): string {
  if (!Object.isFrozen(value)) return JSON.stringify(value);
  let text = sharedJson.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    sharedJson.set(value, text);
  }
  return text;
}

/** A JSON response. */
function jsonResponse(status: number, text: string): ServerResponse {
  const body = utf8(text);
  return {
    status,
    headers: { "content-type": JSON_TYPE, "content-length": String(body.length) },
    body,
  };
}

/** P-ERR-1: `{"error":{"code":…,"message":"…"}}`, JSON whatever the format; 405 carries `Allow`. */
export function faultResponse(f: Fault): ServerResponse {
  const res = jsonResponse(
    f.status,
    JSON.stringify({ error: { code: f.status, message: f.message } }),
  );
  if (f.allow) res.headers.allow = f.allow.join(", ");
  return res;
}

/** Renders an Atom document; supplied by the Atom codec. */
export type AtomRenderer = (reply: Exclude<Reply, { kind: "empty" }>) => string;

/** Renders a successful reply. */
export function replyResponse(reply: Reply, atom: AtomRenderer): ServerResponse {
  if (reply.kind === "empty")
    return { status: 200, headers: { "content-length": "0" }, body: new Uint8Array(0) };
  if (reply.format === "atom") {
    const body = utf8(atom(reply));
    return {
      status: 200,
      headers: { "content-type": ATOM_TYPE, "content-length": String(body.length) },
      body,
    };
  }
  return jsonResponse(
    200,
    reply.kind === "appdata" ? appDataJson(reply.value) : jsonText(reply.value),
  );
}
