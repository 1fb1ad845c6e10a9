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
