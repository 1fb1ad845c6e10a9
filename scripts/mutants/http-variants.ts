/**
 * HTTP freedoms a correct server has around its bodies (variant-proxy.ts's `WireRewrite`): the
 * framing (chunked transfer coding, RFC 9112 §6.1 and §7.1), the connection closed after each
 * answer (RFC 9112 §9.6), header fields the kit does not ask about and header-name case (RFC 9110
 * §5.1: names are case-insensitive; §5.3 and §8.8: Date, ETag, Vary and the like), the media
 * type's spelling (RFC 9110 §8.3.1: type, subtype and parameter names case-insensitive, a
 * parameter value quoted or not, §5.6.6; §8.3.2: charset names case-insensitive), and the reason
 * phrase (RFC 9112 §4: a client should ignore it).
 */
import type { OutgoingHttpHeaders } from "node:http";
import type { WireRewrite } from "./variant-proxy.js";

/** Every body in chunked transfer coding (two chunks), no Content-Length. */
export const chunkedBodies: WireRewrite = { chunked: true };

/** Every answer says `Connection: close` and the connection is closed after it. */
export const connectionClose: WireRewrite = {
  headers: (headers) => ({ ...headers, connection: "close" }),
};

/** The header names upper-cased, and header fields the kit does not ask about added. */
export const extraHeaders: WireRewrite = {
  headers: (headers, answer) => {
    const out: OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toUpperCase()] = v;
    return {
      ...out,
      DATE: new Date().toUTCString(),
      SERVER: "variant/1.0 (Example)",
      "cache-control": "private, no-cache",
      Vary: "Accept, Accept-Encoding",
      "X-Request-Id": `${answer.method}-${answer.status}-1`,
      ...(answer.status === 200 && answer.method !== "POST" && answer.method !== "DELETE"
        ? { ETag: 'W/"variant-etag"', "Last-Modified": "Sat, 28 Nov 2026 00:00:00 GMT" }
        : {}),
    };
  },
};

/**
 * Each media type spelled otherwise: type and subtype in upper case, no space before the
 * parameter, its name upper-case, its value quoted and upper-case (`APPLICATION/JSON;CHARSET="UTF-8"`).
 */
export const contentTypeSpelling: WireRewrite = {
  headers: (headers) => {
    const type = headers["content-type"];
    if (typeof type !== "string") return headers;
    const [media = "", ...params] = type.split(";");
    const spelt = params.map((p) => {
      const [name = "", value = ""] = p.trim().split("=");
      return `${name.toUpperCase()}="${value.replace(/"/g, "").toUpperCase()}"`;
    });
    return { ...headers, "content-type": [media.trim().toUpperCase(), ...spelt].join(";") };
  },
};

/** Every status line with a reason phrase of the server's own (`200 Fine`, `404 Fine`). */
export const reasonPhrase: WireRewrite = { reason: "Fine" };

/** A body gzip-compressed whenever the request's Accept-Encoding names gzip (P-ERR-2.6 allows it). */
export const gzipWhenAsked: WireRewrite = { gzip: true };

/** Idle kept-alive connections closed after 2 s, unannounced (gunicorn's default). */
export const idleClose: WireRewrite = { idleCloseMs: 2_000 };

/**
 * `Allow` as two field lines, its methods in another order without spaces (RFC 9110 §5.3: a list
 * field may be split over lines; §10.2.1: Allow is a list, in no order).
 */
export const allowSpelling: WireRewrite = {
  headers: (headers) => {
    const allow = headers.allow;
    if (typeof allow !== "string") return headers;
    const methods = allow
      .split(",")
      .map((m) => m.trim())
      .reverse();
    const half = Math.ceil(methods.length / 2);
    const out: OutgoingHttpHeaders = { ...headers };
    delete out.allow;
    out.Allow = [methods.slice(0, half).join(","), methods.slice(half).join(",")].filter(Boolean);
    return out;
  },
};

/** Two `103 Early Hints` answers before every final answer to an HTTP/1.1 request. */
export const earlyHints: WireRewrite = { earlyHints: true };

/**
 * Every body chunked (as {@link chunkedBodies}) and followed by trailer fields, a checksum and a
 * timing, announced by `Trailer` (RFC 9112 §7.1.2).
 */
export const chunkedTrailers: WireRewrite = {
  chunked: true,
  trailers: { "X-Checksum": "variant", "Server-Timing": "total;dur=1" },
};

/**
 * A HEAD answer's media type spelt otherwise than GET's (as {@link contentTypeSpelling}), GET's
 * as the server writes it: the same field value (RFC 9110 §8.3.1), so the same header fields
 * GET would give (§9.3.2), as a server whose HEAD goes another way through its framework sends.
 */
export const headContentTypeSpelling: WireRewrite = {
  headers: (headers, answer) =>
    answer.method === "HEAD" && contentTypeSpelling.headers
      ? contentTypeSpelling.headers(headers, answer)
      : headers,
};

/**
 * Each media type with parameters and white space beyond the profile's spelling: Atom labelled
 * `application/atom+xml;type=feed; charset=utf-8` (RFC 5023 §7.1 registers `type`, `feed` for a
 * feed document), JSON `application/json ;  charset=utf-8` (RFC 9110 §5.6.6: optional white space
 * around `;`); the same media type with the same charset (P-FMT-1.5, P-FMT-1.7).
 */
export const contentTypeParameters: WireRewrite = {
  headers: (headers) => {
    const type = headers["content-type"];
    if (typeof type !== "string") return headers;
    const [media = "", ...params] = type.split(";").map((p) => p.trim());
    const extra = media.toLowerCase() === "application/atom+xml" ? ["type=feed"] : [];
    return { ...headers, "content-type": [`${media} `, ...extra, ...params].join(";  ") };
  },
};

/**
 * Each media type without its `charset` parameter (RFC 8259 §11: `application/json` defines none,
 * JSON is UTF-8; RFC 7303 §4.3: an XML document without one is read by its own declaration or
 * byte order mark, UTF-8 by default); P-FMT-1.5 and P-FMT-1.7 spell the label with it.
 */
export const contentTypeWithoutCharset: WireRewrite = {
  headers: (headers) => {
    const type = headers["content-type"];
    if (typeof type !== "string") return headers;
    const kept = type.split(";").filter((p, i) => i === 0 || !/^\s*charset\s*=/i.test(p));
    return { ...headers, "content-type": kept.join(";") };
  },
};

/**
 * `WWW-Authenticate: OAuth realm="…"` on every 400 and 403 (RFC 9110 §11.6.1: a server may send it
 * in any answer to say credentials might change it; RFC 5849 §3.5.1 names the scheme and realm).
 */
export const wwwAuthenticate: WireRewrite = {
  headers: (headers, answer) =>
    answer.status === 400 || answer.status === 403
      ? { ...headers, "WWW-Authenticate": 'OAuth realm="http://variant.invalid/"' }
      : headers,
};

/**
 * A media type on every answer without one, the empty 200 of a write or delete included (a
 * framework's default label: RFC 9110 §8.3 does not forbid labelling empty content).
 */
export const labelledEmptyAnswers: WireRewrite = {
  headers: (headers) =>
    headers["content-type"] === undefined
      ? { ...headers, "content-type": "application/json; charset=utf-8" }
      : headers,
};

/**
 * At most three requests per connection, the third answered `Connection: close` and the
 * connection closed after it, the earlier ones announcing it in `Keep-Alive: timeout=5, max=…`
 * (Apache's `MaxKeepAliveRequests`; RFC 9112 §9.6).
 */
export const fewRequestsPerConnection: WireRewrite = { maxRequestsPerConnection: 3 };

/** True for an Atom media type. */
const isAtom = (type: string): boolean => /^\s*application\/atom\+xml\s*(;|$)/i.test(type);

/**
 * Atom in UTF-16 (little-endian, after its byte order mark: XML 1.0 §4.3.3), labelled
 * `charset=utf-16` (RFC 7303 §3.2); with {@link utf16Declaration}, which writes the document so.
 */
export const utf16Atom: WireRewrite = {
  bodyEncoding: (type) => (isAtom(type) ? "utf16le" : "utf8"),
  headers: (headers) => {
    const type = headers["content-type"];
    return typeof type === "string" && isAtom(type)
      ? { ...headers, "content-type": type.replace(/charset=[^;]*/i, "charset=utf-16") }
      : headers;
  },
};

/**
 * A reason phrase with a tab and a byte outside ASCII (`Très⇥bien` in Latin-1): RFC 9112 §4
 * allows HTAB and obs-text in it, and a client ignores it.
 */
export const obsTextReasonPhrase: WireRewrite = { reason: "Tr\u00e8s\tbien" };

/**
 * `Allow` with white space before each comma and a tab after it (`GET ,\tHEAD`): RFC 9110
 * §5.6.1's list syntax puts optional white space on both sides of the comma.
 */
export const allowListWhitespace: WireRewrite = {
  headers: (headers) => {
    const allow = headers.allow;
    return typeof allow === "string"
      ? { ...headers, allow: allow.split(/\s*,\s*/).join(" ,\t") }
      : headers;
  },
};

/** Bodies gzip-compressed when asked (as {@link gzipWhenAsked}) and chunked (as {@link chunkedBodies}). */
export const gzipChunked: WireRewrite = { gzip: true, chunked: true };
