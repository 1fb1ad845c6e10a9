/**
 * The parts of the fuzzer's requests that several steps build: bodies, the guid as a path writes
 * it, paging, the Atom form of a read, and the paths of the viewer's own application data — every
 * path from the operation table (model/operations.ts).
 */
import { operationPath } from "../../../model/operations.js";
import { percentEncode } from "../../../oauth/index.js";
import type { Paging } from "../expected.js";
import type { AtomAsk, GuidForm } from "../ops.js";
import type { FuzzRequest } from "../wire.js";

/** A request body as the wire sends it. */
type Body = { bytes: Uint8Array; contentType: string };

const enc = new TextEncoder();

/** The application data of `@me`, `@self`: read, written and deleted there. */
export const SELF_APPDATA = {
  read: operationPath("appdata-read", { guid: "@me", selector: "@self" }),
  write: operationPath("appdata-write", { guid: "@me" }),
  delete: operationPath("appdata-delete", { guid: "@me" }),
} as const;

/** `text` as a body of `contentType`. */
export function rawBody(text: string, contentType = "application/json"): Body {
  return { bytes: enc.encode(text), contentType };
}

/** A JSON object of `pairs`, written in order. */
export function jsonBody(pairs: readonly (readonly [string, string])[]): Body {
  const text = `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(",")}}`;
  return { bytes: enc.encode(text), contentType: "application/json" };
}

/** A form body of `pairs`. */
export function formBody(pairs: readonly (readonly [string, string])[]): Body {
  const text = pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join("&");
  return { bytes: enc.encode(text), contentType: "application/x-www-form-urlencoded" };
}

/** How a path names user `id` asked by `as` (P-AUTH-4: `@me`, the full id, or the bare value). */
export function guidText(form: GuidForm, id: string, as: string): string {
  if (form === "me" && id === as) return "@me";
  if (form === "bare") return id.slice(id.indexOf(":") + 1);
  return id;
}

/** A read's paging parameters, in the order they are sent. */
export function pagingQuery(paging: Paging): [string, string][] {
  const query: [string, string][] = [];
  if (paging.startIndex !== undefined) query.push(["startIndex", paging.startIndex]);
  if (paging.count !== undefined) query.push(["count", paging.count]);
  return query;
}

/** The Atom form of a read (P-FMT-1): `?format=atom`, or `Accept`. */
export function atomForm(req: FuzzRequest, atom: AtomAsk): FuzzRequest {
  return atom === "format"
    ? { ...req, query: [...(req.query ?? []), ["format", "atom"]] }
    : { ...req, headers: { ...req.headers, accept: "application/atom+xml" } };
}
