/**
 * Error answers a correct server may give where social-api.md leaves them open (variant-proxy.ts's
 * `WireRewrite.replace` and `.refuse`): a form body refused ("Request content type: not shown",
 * §4.4; P-DATA-2 takes it at profile), the shape of an error body ("Shape of an error response body: not
 * shown", §7.3; P-ERR-1 decides it at profile) and the statuses of the album and photo operations
 * ("Status codes for the album and photo operations: not shown", §7.3; P-ALBUM-2 decides them);
 * and beside them the body of a successful write or delete ("Success: 200, no body shown", §4.4,
 * §4.5; P-DATA-2.4 decides it empty).
 */
import { FORM_MEDIA_TYPE, mediaTypeOf } from "../../src/wire/media-type.js";
import type { ReplacedAnswer, RewrittenAnswer, WireRewrite } from "./variant-proxy.js";

/** An error answer in plain text, its header fields (`Allow`, …) kept by the proxy. */
const plainText = (status: number): ReplacedAnswer => ({
  status,
  contentType: "text/plain; charset=utf-8",
  body: `${status} refused\n`,
});

/** Every error answer's body is a line of plain text, not P-ERR-1's JSON object. */
export const plainErrorBodies: WireRewrite = {
  replace: (answer) => (answer.status >= 400 ? plainText(answer.status) : undefined),
};

/** The album and photo operations (§4.1, §4.2). */
const ALBUM_OR_PHOTO = /^\/os\/0\.8\/(?:albums|mediaitems)\//;

/** The status each album or photo refusal is swapped for: not found and forbidden trade places. */
const SWAPPED: Readonly<Record<number, number>> = { 403: 404, 404: 403 };

/**
 * An album or photo operation's 403 answered 404 and its 404 answered 403 (as a server hiding
 * whether an album exists, or one that says forbidden for an unknown owner), with an error body
 * of the new status.
 */
export const albumStatusesSwapped: WireRewrite = {
  replace(answer: RewrittenAnswer) {
    const to = SWAPPED[answer.status];
    const path = new URL(answer.url, "http://variant.invalid").pathname;
    if (to === undefined || !ALBUM_OR_PHOTO.test(path)) return undefined;
    return {
      status: to,
      contentType: "application/json; charset=utf-8",
      body: JSON.stringify({ error: { code: to, message: "refused" } }),
    };
  },
};

/**
 * Writes in JSON only: a form-encoded POST or PUT is refused 400 before it is stored. §4.4:
 * "Request content type: not shown" (its sample sends a JSON object); P-DATA-2 takes form bodies
 * at profile.
 */
export const jsonWritesOnly: WireRewrite = {
  refuse(request) {
    const type = request.headers["content-type"];
    const form = typeof type === "string" && mediaTypeOf(type) === FORM_MEDIA_TYPE;
    if (!form || (request.method !== "POST" && request.method !== "PUT")) return undefined;
    return {
      status: 400,
      contentType: "application/json; charset=utf-8",
      body: JSON.stringify({ error: { code: 400, message: "send JSON" } }),
    };
  },
};

/** The application-data operations (§4.3, §4.4, §4.5). */
const APPDATA = /^\/os\/0\.8\/appdata\//;

/**
 * Every successful write or delete answered with a small JSON body (as containers that echo a
 * status do): §4.4 and §4.5 say "Success: 200, no body shown"; P-DATA-2.4 decides the body is
 * empty, at profile.
 */
export const writeAnswerBodies: WireRewrite = {
  replace(answer: RewrittenAnswer) {
    const path = new URL(answer.url, "http://variant.invalid").pathname;
    const write = answer.method === "POST" || answer.method === "PUT" || answer.method === "DELETE";
    if (answer.status !== 200 || !write || !APPDATA.test(path)) return undefined;
    return {
      status: 200,
      contentType: "application/json; charset=utf-8",
      body: JSON.stringify({ status: "ok" }),
    };
  },
};

/**
 * OPTIONS on a known path answered 200 with its `Allow` and an empty body, as frameworks answer
 * it by default (RFC 9110 §9.3.7: the methods the target answers; social-api.md names no
 * OPTIONS); P-ERR-2.8 decides 405.
 */
export const optionsServed: WireRewrite = {
  replace: (answer) =>
    answer.method === "OPTIONS" && answer.status === 405
      ? { status: 200, contentType: "text/plain; charset=utf-8", body: "" }
      : undefined,
};
