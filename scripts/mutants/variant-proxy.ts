/**
 * A rewriting HTTP proxy for the "allowed variants" (variants.ts): it forwards every request to a
 * correct upstream server unchanged (Host header kept, so OAuth signatures still verify) and
 * rewrites each response body with one transformation that the spec allows. The suite must pass
 * against every variant: a failure is a false positive in the suite.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
  request,
  type Server,
} from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

/** The request a response answers, for rewrites that depend on what was asked. */
export interface RewrittenRequest {
  readonly method: string;
  /** The request target as sent: path and query. */
  readonly url: string;
}

/** Rewrites a response body; returns the new body text (or the same text). */
export type BodyRewrite = (body: string, contentType: string, request: RewrittenRequest) => string;

/** The answer a wire rewrite changes: its request and the upstream's status. */
export interface RewrittenAnswer extends RewrittenRequest {
  readonly status: number;
}

/**
 * How a variant changes the HTTP message around the body (RFC 9110, RFC 9112 freedoms): each
 * member is optional, and without one the proxy answers as the upstream did.
 */
export interface WireRewrite {
  /** The body rewrite applies to every answer with a body, errors included (else 200s only). */
  readonly everyStatus?: boolean;
  /** The response's header fields (names as given go on the wire in that case). */
  readonly headers?: (headers: OutgoingHttpHeaders, answer: RewrittenAnswer) => OutgoingHttpHeaders;
  /**
   * A body sent without Content-Length: in chunked transfer coding to an HTTP/1.1 request, ended
   * by the close of the connection to an HTTP/1.0 one (RFC 9112 §6.3).
   */
  readonly chunked?: boolean;
  /** A body gzip-compressed for a request whose Accept-Encoding names gzip (RFC 9110 §8.4.1). */
  readonly gzip?: boolean;
  /**
   * Idle connections closed after this many milliseconds, without a `Keep-Alive` header saying
   * so (as gunicorn, 2 s by default, does).
   */
  readonly idleCloseMs?: number;
  /**
   * Each connection serves at most this many requests: the last answer on it says
   * `Connection: close` and the connection is closed after it (as Apache's
   * `MaxKeepAliveRequests` does; RFC 9112 §9.6), every earlier one announces the count in a
   * `Keep-Alive` field.
   */
  readonly maxRequestsPerConnection?: number;
  /**
   * The character encoding a body of this media type goes on the wire in (UTF-8 without one):
   * the rewrite's text, a byte order mark included, encoded so.
   */
  readonly bodyEncoding?: (contentType: string) => "utf8" | "utf16le";
  /** The reason phrase of every status line (RFC 9112 §4: clients ignore it). */
  readonly reason?: string;
  /**
   * Interim `103 Early Hints` answers (two, each with a `Link` field) before every final answer
   * to an HTTP/1.1 request (RFC 9110 §15.2: a client parses 1xx answers it did not ask for; none
   * goes to an HTTP/1.0 client).
   */
  readonly earlyHints?: boolean;
  /**
   * Trailer fields after the last chunk of every chunked body, announced by a `Trailer` field
   * (RFC 9112 §7.1.2, RFC 9110 §6.5: a recipient may ignore them).
   */
  readonly trailers?: Readonly<Record<string, string>>;
  /**
   * The request as the upstream gets it, when the variant changes it (its target and header
   * fields; a changed signed request must be signed afresh), or undefined to forward it as sent.
   */
  readonly request?: (request: ForwardedRequest) => ForwardedRequest | undefined;
  /**
   * An answer of the variant's own in place of the upstream's (its status, media type and body;
   * the upstream's other header fields kept), if any.
   */
  readonly replace?: (answer: RewrittenAnswer) => ReplacedAnswer | undefined;
  /**
   * An answer the variant gives without asking the upstream (a request it refuses before it
   * reaches the server's store; its body read and dropped), if any.
   */
  readonly refuse?: (request: ForwardedRequest) => ReplacedAnswer | undefined;
}

/** A request the proxy forwards: its method, target (path and query) and header fields. */
export interface ForwardedRequest extends RewrittenRequest {
  readonly headers: Readonly<Record<string, string | string[]>>;
}

/** An answer a variant gives in place of the upstream's. */
export interface ReplacedAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/** An exchange as the upstream answered it, before any rewrite (for tests that watch traffic). */
export interface Observed {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body as UTF-8 text (the first 8 MiB). */
  readonly body: string;
}

/** A running proxy. */
export interface VariantProxy {
  url: string;
  close(): Promise<void>;
}

const MAX_BODY = 8 * 1024 * 1024;

function forwardHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(headers))
    if (v !== undefined && k !== "accept-encoding") out[k] = v;
  return out;
}

/**
 * Starts a proxy on 127.0.0.1:0 in front of `upstream` (a base URL) applying `rewrite`;
 * `observe` sees every upstream answer first.
 */
export async function startVariantProxy(
  upstream: string,
  rewrite: BodyRewrite,
  observe?: (x: Observed) => void,
  wire: WireRewrite = {},
): Promise<VariantProxy> {
  const target = new URL(upstream);
  const server: Server = createServer((req, res) => {
    const asSent = {
      method: req.method ?? "GET",
      url: req.url ?? "/",
      headers: forwardHeaders(req.headers),
    };
    const refused = wire.refuse?.(asSent);
    if (refused) {
      req.resume();
      req.on("end", () => {
        res.writeHead(refused.status, {
          "content-type": refused.contentType,
          "content-length": Buffer.byteLength(refused.body),
        });
        res.end(req.method === "HEAD" ? undefined : refused.body);
      });
      return;
    }
    const forwarded = wire.request?.(asSent) ?? asSent;
    const up = request(
      {
        host: target.hostname,
        port: target.port,
        method: forwarded.method,
        path: forwarded.url,
        headers: forwarded.headers,
      },
      (upRes) => {
        const chunks: Buffer[] = [];
        let size = 0;
        upRes.on("data", (c: Buffer) => {
          size += c.length;
          if (size <= MAX_BODY) chunks.push(c);
        });
        upRes.on("end", () => {
          const type = String(upRes.headers["content-type"] ?? "");
          let body = Buffer.concat(chunks).toString("utf8");
          observe?.({
            method: req.method ?? "GET",
            url: req.url ?? "/",
            status: upRes.statusCode ?? 502,
            headers: upRes.headers,
            body,
          });
          const upstreamStatus = upRes.statusCode ?? 502;
          const replaced = wire.replace?.({ ...asSent, status: upstreamStatus });
          const status = replaced?.status ?? upstreamStatus;
          const answer = { method: asSent.method, url: asSent.url, status };
          if (replaced) body = replaced.body;
          else if (body.length > 0 && (status === 200 || wire.everyStatus === true))
            body = rewrite(body, type, answer);
          const upstreamHeaders: OutgoingHttpHeaders = { ...upRes.headers };
          if (replaced) upstreamHeaders["content-type"] = replaced.contentType;
          delete upstreamHeaders["content-length"];
          delete upstreamHeaders["transfer-encoding"];
          delete upstreamHeaders["content-encoding"];
          const headers = wire.headers ? wire.headers(upstreamHeaders, answer) : upstreamHeaders;
          // A HEAD answer has no body to rewrite, so the proxy cannot know the length GET's
          // rewritten body would have: it leaves Content-Length out, as RFC 9110 §8.6 allows.
          // A chunked variant leaves it out of every answer with a body (RFC 9112 §6.1), but for
          // one answered before its request was read (a 413): the proxy ends that answer only
          // once the rest is discarded, and its last chunk would wait for a client that holds
          // the rest back until the answer is complete.
          const chunked = wire.chunked === true && req.complete && Buffer.byteLength(body) > 0;
          let bytes = Buffer.from(body, wire.bodyEncoding?.(type) ?? "utf8");
          const gzip =
            wire.gzip === true &&
            /\bgzip\b/i.test(String(req.headers["accept-encoding"] ?? "")) &&
            (bytes.length > 0 || req.method === "HEAD");
          if (gzip) {
            bytes = gzipSync(bytes);
            headers["content-encoding"] = "gzip";
            headers.vary = "Accept-Encoding";
          }
          if (wire.maxRequestsPerConnection !== undefined) {
            // node:http writes its own: `Connection: close` on a connection's last answer,
            // `Keep-Alive: timeout=…, max=…` on the others
            delete headers.connection;
            delete headers["keep-alive"];
          }
          if (wire.idleCloseMs !== undefined) {
            // the upstream's own Keep-Alive header would announce its timeout, not the proxy's
            delete headers["keep-alive"];
            headers.connection = "keep-alive";
          }
          const sent =
            req.method === "HEAD" || chunked
              ? headers
              : { ...headers, "content-length": bytes.length };
          if (wire.earlyHints === true && req.httpVersion === "1.1") {
            res.writeEarlyHints({ link: "</variant/style.css>; rel=preload; as=style" });
            res.writeEarlyHints({ link: "</variant/app.js>; rel=preload; as=script" });
          }
          // trailers only where the body goes in chunked transfer coding: to HTTP/1.1
          const trailers = chunked && req.httpVersion === "1.1" ? wire.trailers : undefined;
          if (trailers) headers.trailer = Object.keys(trailers).join(", ");
          if (wire.reason === undefined) res.writeHead(status, sent);
          else res.writeHead(status, wire.reason, sent);
          if (chunked) {
            // two chunks, so that a reader must join them
            const half = Math.floor(bytes.length / 2);
            res.write(bytes.subarray(0, half));
            if (trailers) res.addTrailers(trailers);
            res.end(bytes.subarray(half));
            return;
          }
          if (req.complete) {
            res.end(bytes);
            return;
          }
          // P-ERR-4.3: a body the upstream answered before reading it all (a 413) is discarded
          // here, not left unread, before the proxy ends its answer and closes.
          res.write(bytes);
          req.unpipe(up);
          req.on("end", () => res.end());
          req.resume();
        });
      },
    );
    up.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("upstream error");
    });
    req.pipe(up);
  });
  // A Connection header of the proxy's own keeps node:http from announcing the timeout.
  if (wire.idleCloseMs !== undefined) server.keepAliveTimeout = wire.idleCloseMs;
  if (wire.maxRequestsPerConnection !== undefined)
    server.maxRequestsPerSocket = wire.maxRequestsPerConnection;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
