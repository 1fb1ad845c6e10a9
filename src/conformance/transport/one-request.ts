/**
 * One signed request to a target, as `opensocial-kit request` sends it: the path is
 * resolved against the target's base URL, the request is signed with two-legged OAuth 1.0a for a
 * role's user and one of the target's apps (P-AUTH-1, `xoauth_requestor_id` in the query), a JSON
 * body is bound by `oauth_body_hash` and a form body's parameters are signed (RFC 5849
 * §3.4.1.3.1). The timestamp is this machine's clock; a request refused (400 or 401) by a target
 * whose `Date` shows that clock outside P-AUTH-3.6's window is signed again by the target's clock
 * and sent once more (nothing of a refused request was done). Problems come back as data:
 * issues for what cannot be sent (`target-invalid` for a role or app the target lacks,
 * `request-invalid` for a path that makes no URL), the transport's record for what got no
 * answer.
 */
import type { Issue } from "../../model/issue.js";
import { TIMESTAMP_WINDOW_S } from "../../model/limits.js";
import { percentEncode, queryParams, signRequest } from "../../oauth/index.js";
import { clockOffsetS, targetNowS } from "../request/target-clock.js";
import type { Target } from "../suite/target.js";
import { createHttpClient, type TransportError, type WireResponse } from "./http-client.js";

/** A body to send. */
export type OneRequestBody =
  | { readonly json: string }
  | { readonly form: readonly (readonly [string, string])[] };

/** What to send. */
export interface OneRequest {
  readonly method: string;
  /**
   * `/os/0.8/…` (query allowed), a path relative to `/os/0.8/` such as `people/@me/@self`, or a
   * full `http(s)://` URL.
   */
  readonly path: string;
  readonly body?: OneRequestBody;
  /** A role the target names (default `viewer`). */
  readonly as?: string;
  /** Which of the target's apps signs (default `main`). */
  readonly app?: "main" | "other";
  readonly timeoutMs?: number;
}

/** The exchange: the URL called and the response, or why nothing was sent or received. */
export type OneResult =
  | { readonly ok: true; readonly url: string; readonly response: WireResponse }
  | { readonly ok: false; readonly stage: "usage"; readonly issues: readonly Issue[] }
  | { readonly ok: false; readonly stage: "transport"; readonly transport: TransportError };

function usage(code: Issue["code"], pointer: string, message: string): OneResult {
  return { ok: false, stage: "usage", issues: [{ code, pointer, message }] };
}

/** The API's prefix, prepended to a relative path. */
const PREFIX = "/os/0.8/";

/** A URL with a scheme (`http://…`), as opposed to a path. */
const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/**
 * Resolves `path` to the absolute URL it names: a full `http(s)://` URL as it is (signed for
 * itself), a path starting with `/` under `baseUrl`'s origin, anything else under `/os/0.8/`.
 */
export function resolvePath(baseUrl: string, path: string): string {
  if (ABSOLUTE.test(path)) return path;
  const rooted = path.startsWith("/") ? path : `${PREFIX}${path}`;
  return `${baseUrl.replace(/\/+$/, "")}${rooted}`;
}

/** Encodes form pairs as `application/x-www-form-urlencoded` (RFC 5849 §3.6 encoding). */
function formText(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join("&");
}

/** Signs and sends one request to `target`. */
export async function sendOne(target: Target, req: OneRequest): Promise<OneResult> {
  const role = req.as ?? "viewer";
  const user = target.users[role];
  if (user === undefined)
    return usage(
      "target-invalid",
      "/users",
      `the target names no ${role} (it names: ${Object.keys(target.users).join(", ")})`,
    );
  const app = req.app === "other" ? target.apps.other : target.apps.main;
  if (app === undefined) return usage("target-invalid", "/apps", "the target has no apps.other");
  const method = req.method.toUpperCase();
  let url: URL;
  try {
    url = new URL(resolvePath(target.baseUrl, req.path));
  } catch {
    return usage("request-invalid", "", `${req.path} does not make a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return usage("request-invalid", "", `${req.path}: only http:// and https:// URLs are sent`);
  const headers: Record<string, string> = {};
  let body: string | undefined;
  let formBody: string | undefined;
  if (req.body && "json" in req.body) {
    body = req.body.json;
    headers["content-type"] = "application/json";
  } else if (req.body) {
    body = formBody = formText(req.body.form);
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  // The path is the user's: a query it cannot sign is refused here (the form body is ours).
  if (!queryParams(url).ok)
    return usage("request-invalid", "", `${req.path}: malformed %-escape in the query`);
  const client = createHttpClient(url.origin, 1);
  /** Signs by the clock `offsetS` ahead of this machine's, and sends. */
  const send = async (offsetS: number): Promise<OneResult> => {
    const signed = signRequest({
      method,
      url: url.toString(),
      consumerKey: app.consumerKey,
      consumerSecret: app.consumerSecret,
      requestorId: user,
      timestamp: targetNowS({ offsetS }),
      ...(formBody !== undefined ? { formBody } : {}),
      ...(body !== undefined && formBody === undefined ? { body, bodyHash: true } : {}),
    });
    const sent = new URL(signed.url);
    const x = await client.send(
      {
        method,
        path: sent.pathname + sent.search,
        headers: { ...headers, ...signed.headers, "accept-encoding": "gzip" },
        ...(body !== undefined ? { body: Buffer.from(body, "utf8") } : {}),
      },
      req.timeoutMs === undefined ? {} : { timeoutMs: req.timeoutMs },
    );
    if (!x.ok) return { ok: false, stage: "transport", transport: x.error };
    return { ok: true, url: signed.url, response: x.response };
  };
  try {
    const first = await send(0);
    if (!first.ok || (first.response.status !== 400 && first.response.status !== 401)) return first;
    const offsetS = clockOffsetS(first.response.headers.date, Date.now());
    return Math.abs(offsetS) > TIMESTAMP_WINDOW_S ? await send(offsetS) : first;
  } finally {
    await client.close();
  }
}
