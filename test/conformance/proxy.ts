/**
 * A tiny forwarding proxy for tests: passes every request to the reference server unchanged
 * (Host header included, so OAuth signatures made for the proxy's URL still verify) and lets the
 * test rewrite one response. No server internals needed.
 */
import { type IncomingMessage, request } from "node:http";
import { type Running, startFake } from "./helpers.js";

/** A response as the proxy may rewrite it. */
export interface Passing {
  method: string;
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The request's headers, as received. */
  readonly requestHeaders: IncomingMessage["headers"];
}

/**
 * Starts a proxy to `upstream`; `rewrite` may change a response in place, and `holdMs` (none by
 * default) how long a request waits before it is forwarded.
 */
export function startProxy(
  upstream: string,
  rewrite: (r: Passing) => void,
  holdMs: (req: IncomingMessage) => number = () => 0,
): Promise<Running> {
  const up = new URL(upstream);
  return startFake((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const hold = holdMs(req);
      if (hold > 0) await new Promise((resolve) => setTimeout(resolve, hold));
      const fwd = request(
        {
          host: up.hostname,
          port: up.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (r) => {
          const body: Buffer[] = [];
          r.on("data", (c: Buffer) => body.push(c));
          r.on("end", () => {
            const headers: Record<string, string> = {};
            for (const [k, v] of Object.entries(r.headers))
              if (typeof v === "string") headers[k] = v;
            const p: Passing = {
              method: req.method ?? "GET",
              url: req.url ?? "",
              status: r.statusCode ?? 502,
              headers,
              body: Buffer.concat(body),
              requestHeaders: req.headers,
            };
            rewrite(p);
            p.headers["content-length"] = String(p.body.length);
            delete p.headers["transfer-encoding"];
            res.writeHead(p.status, p.headers);
            res.end(p.body);
          });
        },
      );
      fwd.on("error", () => {
        res.writeHead(502);
        res.end();
      });
      fwd.end(Buffer.concat(chunks));
    });
  });
}

/** The deliberate defect: people @self responses lose `totalResults` (breaks S-1-LIST-PAGING). */
export function dropSelfTotal(p: Passing): void {
  if (
    p.method !== "GET" ||
    !/^\/os\/0\.8\/people\/[^/]+\/@self(\?|$)/.test(p.url) ||
    p.url.includes("format=atom")
  )
    return;
  if (p.url.includes("/people/@me/")) return; // leave the smoke-like @me requests intact
  try {
    const doc = JSON.parse(p.body.toString("utf8")) as Record<string, unknown>;
    if (p.status !== 200) return;
    delete doc.totalResults;
    p.body = Buffer.from(JSON.stringify(doc));
  } catch {
    /* not JSON: leave it */
  }
}
