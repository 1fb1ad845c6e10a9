/**
 * Turns a step's request spec into the bytes to send: placeholders filled, query encoded, body
 * produced, and the request signed as the case says (signing.ts). What the case asks and the run
 * cannot make (a placeholder it cannot fill, an app the target lacks) is a case problem
 * (case-problems.ts), returned, never thrown.
 */
import { isUtf8 } from "node:buffer";
import { percentEncode } from "../../oauth/index.js";
import type { BodySpec, RequestSpec } from "../case-types.js";
import type { AppCredentials } from "../suite/target.js";
import { type BodyBytes, bodyStart } from "./body-bytes.js";
import type { CaseOutcome } from "./case-problems.js";
import { fillOrdered, type OrderedValue, stringifyOrdered } from "./ordered-json.js";
import { pairsBody } from "./pairs-body.js";
import { recordWrites } from "./record-writes.js";
import type { Resign, SentRequest } from "./sent-request.js";
import { normaliseAuth, sign } from "./signing.js";
import { caseFiller, type TemplateContext } from "./template.js";
import type { WireRequest } from "./wire-request.js";

/** The credentials and identities a request may use. */
export interface RequestEnv {
  readonly origin: string;
  readonly apps: { readonly main: AppCredentials; readonly other?: AppCredentials };
  readonly now: () => number;
  /**
   * Seconds the target's clock is ahead of this machine's (`now` includes them): a curl line
   * signing afresh adds them to its own `date` (curl.ts).
   */
  readonly clockOffsetS?: () => number;
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
  /** The record of the request; without the recipe for signing afresh ({@link sentWithResign}). */
  readonly sent: SentRequest;
  /** Makes the recipe for signing afresh (signing.ts), when a fresh signature can send it. */
  readonly resign?: () => Resign | undefined;
}

/**
 * The record of a request with the recipe its curl line signs afresh with (curl.ts), for a step
 * whose line is shown: a failing one, or a request a differential run found answered
 * differently. A passing step's record goes without it (a second base string and header a
 * request, and a quarter of a JSON report, that no line reads).
 */
export function sentWithResign(built: BuiltRequest): SentRequest {
  const resign = built.resign?.();
  return resign ? { ...built.sent, resign } : built.sent;
}

const enc = new TextEncoder();

function pairsOf(q: Record<string, string> | [string, string][]): [string, string][] {
  return Array.isArray(q) ? q : Object.entries(q);
}

/** How many UTF-16 units of a body the report keeps. */
const REPORTED_BODY_UNITS = 2000;

/**
 * The body as the report shows it: its first 2,000 UTF-16 units of UTF-8 text, then `…` when
 * there is more. Only the first 3 bytes a unit are decoded (a UTF-8 sequence of n bytes gives
 * at least n/3 units), so that a 15 MiB body is neither decoded whole nor kept alive by a slice
 * of its text until the report is written.
 */
function reportedText(body: BodyBytes): string {
  const text = bodyStart(body, 3 * REPORTED_BODY_UNITS + 3).toString("utf8");
  return text.length > REPORTED_BODY_UNITS || body.length > 3 * REPORTED_BODY_UNITS + 3
    ? `${text.slice(0, REPORTED_BODY_UNITS)}…`
    : text;
}

/** The writes a `record` body is sent as (record-writes.ts), its placeholder filled. */
export function recordBodies(record: string, ctx: TemplateContext): CaseOutcome<OrderedValue[]> {
  const filled = fillOrdered(record, ctx);
  return filled.ok ? { ok: true, value: recordWrites(filled.value) } : filled;
}

/** A request body: its bytes and their natural content type. */
interface Body {
  readonly bytes: BodyBytes;
  readonly contentType: string | undefined;
}

/**
 * Produces the body bytes and their natural content type. A `record` body is the write `write`
 * of its record (run-case.ts splits the record once per step and sends the step once per write);
 * without one given, the record is filled here (a placeholder it cannot fill is the case's
 * problem) and its first write sent.
 */
export function buildBody(
  spec: BodySpec,
  ctx: TemplateContext,
  write?: OrderedValue,
): CaseOutcome<Body> {
  const f = caseFiller(ctx);
  let bytes: BodyBytes;
  let type: string | undefined;
  if ("json" in spec) {
    const json = fillOrdered(spec.json, ctx);
    if (!json.ok) return json;
    bytes = enc.encode(stringifyOrdered(json.value));
    type = "application/json";
  } else if ("record" in spec) {
    let sent = write;
    if (sent === undefined) {
      // no write given: the record could not be filled (its problem is reported), or a caller
      // other than run-case.ts, which is sent the first write
      const writes = recordBodies(spec.record, ctx);
      if (!writes.ok) return writes;
      sent = writes.value[0];
    }
    bytes = enc.encode(sent === undefined ? "" : stringifyOrdered(sent));
    type = "application/json";
  } else if ("form" in spec) {
    const pairs = pairsOf(spec.form).map(([k, v]) => [f.text(k), f.text(v)] as const);
    bytes = enc.encode(pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join("&"));
    type = "application/x-www-form-urlencoded";
  } else if ("text" in spec) {
    bytes = enc.encode(f.text(spec.text));
  } else if ("base64" in spec) {
    bytes = Buffer.from(spec.base64, "base64");
  } else if ("pairs" in spec) {
    const form = spec.encoding === "form";
    const filler =
      spec.valueLength === undefined
        ? undefined
        : { char: spec.valueChar ?? "x", length: spec.valueLength };
    const prefix = f.text(spec.keyPrefix ?? "k{unique}-");
    bytes = pairsBody({ prefix, count: spec.pairs, form, ...(filler ? { filler } : {}) });
    type = form ? "application/x-www-form-urlencoded" : "application/json";
  } else {
    // {"k":"xx…x"}: `bytes` long (8 at least), never held whole (body-bytes.ts)
    const fill = "x".charCodeAt(0);
    bytes = {
      head: enc.encode('{"k":"'),
      fill,
      tail: enc.encode('"}'),
      length: Math.max(8, spec.bytes),
    };
    type = "application/json";
  }
  if (f.problem) return { ok: false, problem: f.problem };
  const contentType = spec.contentType === undefined ? type : (spec.contentType ?? undefined);
  return { ok: true, value: { bytes, contentType } };
}

/** A built request with the nonce and signature it was signed with. */
/** `appSecret`: the signing app's consumer secret as the target holds it (never sent). */
type SignedBuild = BuiltRequest & { nonce: string; signature: string; appSecret: string };

/**
 * What a request is built with besides its spec: the nonce to sign with (a rebuild for another
 * target keeps it) and, for a `record` body, the write to send (buildBody).
 */
interface BuildGiven {
  readonly nonce?: string;
  readonly write?: OrderedValue;
}

/** Builds one request, or says what in the case the run cannot make. */
export function buildRequest(
  spec: RequestSpec,
  ctx: TemplateContext,
  env: RequestEnv,
  given: BuildGiven = {},
): CaseOutcome<SignedBuild> {
  const built = buildOne(spec, ctx, env, given);
  if (!built.ok) return built;
  const mode = spec.auth?.mode;
  if (mode === "replayed-nonce")
    return { ok: true, value: { ...built.value, replay: built.value.wire } };
  if (mode !== "replayed-nonce-new-timestamp") return built;
  // P-AUTH-3: the pair is consumer key and nonce; the first use is signed a second earlier.
  const earlier = { ...env, now: () => env.now() - 1 };
  const first = buildOne(spec, ctx, earlier, { ...given, nonce: built.value.nonce });
  if (!first.ok) return first;
  return { ok: true, value: { ...built.value, replay: first.value.wire } };
}

function buildOne(
  spec: RequestSpec,
  ctx: TemplateContext,
  env: RequestEnv,
  given: BuildGiven,
): CaseOutcome<SignedBuild> {
  const f = caseFiller(ctx);
  const path = f.text(spec.path);
  const pairs = spec.query ? pairsOf(spec.query) : [];
  let query = pairs
    .map(([k, v]) => `${percentEncode(f.text(k))}=${percentEncode(f.text(v))}`)
    .join("&");
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(spec.headers ?? {})) headers[k.toLowerCase()] = f.text(v);
  if (f.problem) return { ok: false, problem: f.problem };
  let body: BodyBytes | undefined;
  let contentType: string | undefined;
  if (spec.body) {
    const built = buildBody(spec.body, ctx, given.write);
    if (!built.ok) return built;
    ({ bytes: body, contentType } = built.value);
    if (contentType !== undefined && headers["content-type"] === undefined)
      headers["content-type"] = contentType;
  }
  const appName = spec.app ?? "main";
  const app = env.apps[appName];
  if (!app) return { ok: false, problem: { code: "app-missing", app: appName } };
  const as = spec.as ?? "viewer";
  let requestor: string | undefined;
  if (as !== "none") {
    const who = as === "unknown" ? "unknownUser" : as;
    requestor = f.text(spec.requestorForm === "bare" ? `{${who}.bare}` : `{${who}}`);
  }
  const auth = normaliseAuth(spec.auth);
  // Protocol values take placeholders ({unique} for a nonce no other run has used).
  const protocol = Object.fromEntries(
    Object.entries(auth.protocol).map(([n, v]) => [n, v === null ? null : f.text(v)]),
  );
  const trailing = spec.rawQuery === undefined ? undefined : f.text(spec.rawQuery);
  if (f.problem) return { ok: false, problem: f.problem };
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
    ...(trailing !== undefined ? { trailing } : {}),
    now: env.now(),
    ...(env.clockOffsetS ? { clockOffsetS: env.clockOffsetS() } : {}),
    ...(given.nonce ? { nonce: given.nonce } : {}),
  });
  query = signed.query;
  Object.assign(headers, signed.headers);
  const fullPath = query === "" ? path : `${path}?${query}`;
  const http = spec.http ?? "1.1";
  const text = body ? reportedText(body) : undefined;
  const bytes =
    body && ArrayBuffer.isView(body) && body.length <= 2000 && !isUtf8(body) ? body : undefined;
  const hold = spec.holdBody
    ? { after: spec.holdBody.after, chunked: spec.holdBody.chunked === true }
    : undefined;
  const value: SignedBuild = {
    wire: { method: spec.method, path: fullPath, headers, ...(body ? { body } : {}) },
    http,
    ...(hold ? { hold } : {}),
    ...(spec.writeBodyFirst ? { writeFirst: true as const } : {}),
    nonce: signed.nonce,
    signature: signed.signature,
    appSecret: app.consumerSecret,
    sent: {
      method: spec.method,
      url: `${env.origin}${fullPath}`,
      headers,
      ...(text !== undefined ? { body: text } : {}),
      bodyBytes: body?.length ?? 0,
      ...(bytes ? { bodyBase64: Buffer.from(bytes).toString("base64") } : {}),
      ...(body && !ArrayBuffer.isView(body)
        ? {
            bodyFilled: {
              head: Buffer.from(body.head).toString("base64"),
              fill: body.fill,
              tail: Buffer.from(body.tail).toString("base64"),
            },
          }
        : {}),
      http,
      ...(hold ? { held: hold } : {}),
      ...(spec.writeBodyFirst ? { writeFirst: true as const } : {}),
    },
    ...(signed.resign ? { resign: signed.resign } : {}),
  };
  return { ok: true, value };
}
