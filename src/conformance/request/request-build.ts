/**
 * Turns a step's request spec into the bytes to send: placeholders filled, query encoded, body
 * produced, and the request signed as the case says (signing.ts).
 */
import { percentEncode } from "../../oauth/index.js";
import type { BodySpec, RequestSpec } from "../case-types.js";
import { fillOrdered, stringifyOrdered } from "../checks/key-order.js";
import type { SentRequest } from "../run/results.js";
import type { WireRequest } from "../transport/http-client.js";
import { type AppCredentials, normaliseAuth, sign } from "./signing.js";
import { fillText, type TemplateContext } from "./template.js";

/** The credentials and identities a request may use. */
export interface RequestEnv {
  readonly origin: string;
  readonly apps: { readonly main: AppCredentials; readonly other?: AppCredentials };
  readonly now: () => number;
}

/** A request ready to send, and what to report of it. */
export interface BuiltRequest {
  readonly wire: WireRequest;
  readonly http: "1.1" | "1.0";
  /** Send the head and only the first `after` bytes of the body (P-ERR-4.2). */
  readonly hold?: { readonly after: number; readonly chunked: boolean };
  /** Write the whole body before reading the answer (P-ERR-4.3). */
  readonly writeFirst?: true;
  /**
   * Send this first, a valid request with the same nonce, and judge the answer to `wire`
   * (P-AUTH-3): the same request (`replayed-nonce`) or the same nonce signed one second earlier
   * (`replayed-nonce-new-timestamp`).
   */
  readonly replay?: WireRequest;
  readonly sent: SentRequest;
}

/** A request that cannot be built (e.g. the target has no `other` app). */
class BuildError extends Error {
  override readonly name = "BuildError";
}

const enc = new TextEncoder();

function pairsOf(q: Record<string, string> | [string, string][]): [string, string][] {
  return Array.isArray(q) ? q : Object.entries(q);
}

/** Produces the body bytes and their natural content type. */
function buildBody(
  spec: BodySpec,
  ctx: TemplateContext,
): { bytes: Uint8Array; contentType: string | undefined } {
  let bytes: Uint8Array;
  let type: string | undefined;
  if ("json" in spec) {
    bytes = enc.encode(stringifyOrdered(fillOrdered(spec.json, ctx)));
    type = "application/json";
  } else if ("form" in spec) {
    const pairs = pairsOf(spec.form).map(([k, v]) => [fillText(k, ctx), fillText(v, ctx)] as const);
    bytes = enc.encode(pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join("&"));
    type = "application/x-www-form-urlencoded";
  } else if ("text" in spec) {
    bytes = enc.encode(fillText(spec.text, ctx));
  } else if ("base64" in spec) {
    bytes = Buffer.from(spec.base64, "base64");
  } else if ("pairs" in spec) {
    const prefix = fillText(spec.keyPrefix ?? "k{unique}-", ctx);
    const entries: [string, string][] = [];
    const filler =
      spec.valueLength === undefined ? undefined : (spec.valueChar ?? "x").repeat(spec.valueLength);
    for (let i = 0; i < spec.pairs; i++) entries.push([`${prefix}${i}`, filler ?? `v${i}`]);
    if (spec.encoding === "form") {
      bytes = enc.encode(entries.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&"));
      type = "application/x-www-form-urlencoded";
    } else {
      bytes = enc.encode(JSON.stringify(Object.fromEntries(entries)));
      type = "application/json";
    }
  } else {
    const filler = "x".repeat(Math.max(0, spec.bytes - 8));
    bytes = enc.encode(`{"k":"${filler}"}`);
    type = "application/json";
  }
  const contentType = spec.contentType === undefined ? type : (spec.contentType ?? undefined);
  return { bytes, contentType };
}

/** Builds one request. Throws {@link BuildError} or a placeholder error for a broken case. */
export function buildRequest(
  spec: RequestSpec,
  ctx: TemplateContext,
  env: RequestEnv,
  nonce?: string,
): BuiltRequest & { nonce: string; signature: string } {
  const built = buildOne(spec, ctx, env, nonce);
  const mode = spec.auth?.mode;
  if (mode === "replayed-nonce") return { ...built, replay: built.wire };
  if (mode !== "replayed-nonce-new-timestamp") return built;
  // P-AUTH-3: the pair is consumer key and nonce; the first use is signed a second earlier.
  const earlier = { ...env, now: () => env.now() - 1 };
  const first = buildOne(spec, ctx, earlier, built.nonce);
  return { ...built, replay: first.wire };
}

function buildOne(
  spec: RequestSpec,
  ctx: TemplateContext,
  env: RequestEnv,
  nonce?: string,
): BuiltRequest & { nonce: string; signature: string } {
  const path = fillText(spec.path, ctx);
  const pairs = spec.query ? pairsOf(spec.query) : [];
  let query = pairs
    .map(([k, v]) => `${percentEncode(fillText(k, ctx))}=${percentEncode(fillText(v, ctx))}`)
    .join("&");
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(spec.headers ?? {}))
    headers[k.toLowerCase()] = fillText(v, ctx);
  let body: Uint8Array | undefined;
  let contentType: string | undefined;
  if (spec.body) {
    ({ bytes: body, contentType } = buildBody(spec.body, ctx));
    if (contentType !== undefined && headers["content-type"] === undefined)
      headers["content-type"] = contentType;
  }
  const appName = spec.app ?? "main";
  const app = env.apps[appName];
  if (!app) throw new BuildError(`the target has no "${appName}" app`);
  const as = spec.as ?? "viewer";
  let requestor: string | undefined;
  if (as !== "none") {
    const who = as === "unknown" ? "unknownUser" : as;
    requestor = fillText(spec.requestorForm === "bare" ? `{${who}.bare}` : `{${who}}`, ctx);
  }
  const auth = normaliseAuth(spec.auth);
  // Protocol values take placeholders ({unique} for a nonce no other run has used).
  const protocol = Object.fromEntries(
    Object.entries(auth.protocol).map(([n, v]) => [n, v === null ? null : fillText(v, ctx)]),
  );
  const signed = sign({
    method: spec.method,
    origin: env.origin,
    path,
    query,
    ...(body ? { body } : {}),
    ...(headers["content-type"] ? { contentType: headers["content-type"] } : {}),
    app,
    ...(requestor !== undefined ? { requestor } : {}),
    auth: { ...auth, protocol },
    ...(spec.rawQuery !== undefined ? { trailing: fillText(spec.rawQuery, ctx) } : {}),
    now: env.now(),
    ...(nonce ? { nonce } : {}),
  });
  query = signed.query;
  Object.assign(headers, signed.headers);
  const fullPath = query === "" ? path : `${path}?${query}`;
  const http = spec.http ?? "1.1";
  const text = body ? Buffer.from(body).toString("utf8") : undefined;
  const hold = spec.holdBody
    ? { after: spec.holdBody.after, chunked: spec.holdBody.chunked === true }
    : undefined;
  return {
    wire: { method: spec.method, path: fullPath, headers, ...(body ? { body } : {}) },
    http,
    ...(hold ? { hold } : {}),
    ...(spec.writeBodyFirst ? { writeFirst: true as const } : {}),
    nonce: signed.nonce,
    signature: signed.signature,
    sent: {
      method: spec.method,
      url: `${env.origin}${fullPath}`,
      headers,
      ...(text !== undefined
        ? { body: text.length > 2000 ? `${text.slice(0, 2000)}…` : text }
        : {}),
      bodyBytes: body?.length ?? 0,
      http,
      ...(hold ? { held: hold } : {}),
      ...(spec.writeBodyFirst ? { writeFirst: true as const } : {}),
    },
  };
}
