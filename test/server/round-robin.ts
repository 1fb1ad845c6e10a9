/**
 * A small round-robin load balancer for tests: each request (not each
 * connection) goes to the next upstream in turn, unchanged, Host header included (so OAuth
 * signatures made for the balancer's URL verify on every instance); bodies are streamed both
 * ways, and a body the upstream answered early (a 413) is discarded before the answer ends, as
 * a real balancer's lingering close does. An upstream that cannot be reached answers 502, as a
 * real balancer would.
 */
import { request } from "node:http";
import { startFake } from "../conformance/helpers.js";

/** A running balancer. */
export interface Balancer {
  url: string;
  /** How many requests went to each upstream, in order. */
  readonly counts: number[];
  close(): Promise<void>;
}

/** Starts a balancer on 127.0.0.1 (any free port) in front of `upstreams`. */
export async function startBalancer(upstreams: readonly string[]): Promise<Balancer> {
  const ups = upstreams.map((u) => new URL(u));
  const counts = ups.map(() => 0);
  let next = 0;
  const server = await startFake((req, res) => {
    const i = next;
    next = (next + 1) % ups.length;
    counts[i] = (counts[i] ?? 0) + 1;
    const up = ups[i] as URL;
    const fwd = request(
      {
        host: up.hostname,
        port: up.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.statusMessage, r.rawHeaders);
        r.pipe(res, { end: false });
        // P-ERR-4.3: an answer that came before the whole body (a 413) ends only once the rest
        // of the body is read and discarded, so the connection is not closed with it unread.
        r.on("end", () => {
          if (req.complete) return res.end();
          req.unpipe(fwd);
          req.on("end", () => res.end());
          req.resume();
        });
      },
    );
    fwd.on("error", () => {
      if (!res.headersSent) {
        res.writeHead(502, { "content-type": "text/plain", connection: "close" });
        res.end("upstream unavailable");
      } else res.destroy();
    });
    req.pipe(fwd);
  });
  return { url: server.url, counts, close: server.close };
}
