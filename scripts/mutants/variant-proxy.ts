/**
 * A rewriting HTTP proxy for the "allowed variants" (variants.ts): it forwards every request to a
 * correct upstream server unchanged (Host header kept, so OAuth signatures still verify) and
 * rewrites each response body with one transformation that the spec allows. The suite must pass
 * against every variant: a failure is a false positive in the suite.
 */
import { createServer, type IncomingHttpHeaders, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** The request a response answers, for rewrites that depend on what was asked. */
export interface RewrittenRequest {
  readonly method: string;
  /** The request target as sent: path and query. */
  readonly url: string;
}

/** Rewrites a response body; returns the new body text (or the same text). */
export type BodyRewrite = (body: string, contentType: string, request: RewrittenRequest) => string;

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
): Promise<VariantProxy> {
  const target = new URL(upstream);
  const server: Server = createServer((req, res) => {
    const up = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: forwardHeaders(req.headers),
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
          if (body.length > 0 && upRes.statusCode === 200)
            body = rewrite(body, type, { method: req.method ?? "GET", url: req.url ?? "/" });
          const headers = { ...upRes.headers };
          delete headers["content-length"];
          delete headers["transfer-encoding"];
          delete headers["content-encoding"];
          // A HEAD answer has no body to rewrite, so the proxy cannot know the length GET's
          // rewritten body would have: it leaves Content-Length out, as RFC 9110 §8.6 allows.
          res.writeHead(
            upRes.statusCode ?? 502,
            req.method === "HEAD"
              ? headers
              : { ...headers, "content-length": Buffer.byteLength(body) },
          );
          if (req.complete) {
            res.end(body);
            return;
          }
          // P-ERR-4.3: a body the upstream answered before reading it all (a 413) is discarded
          // here, not left unread, before the proxy ends its answer and closes.
          res.write(body);
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
