/**
 * A TCP proxy that delays every chunk by half a round trip in each direction, so that each
 * request and its answer take `rttMs` more than on loopback: a distant target, for timing the
 * whole suite as a user across a network would wait for it. Bytes pass unchanged and in order.
 */
import { connect, createServer, type Server, type Socket } from "node:net";

/** A started proxy: where it listens and how to stop it. */
export interface DelayProxy {
  readonly url: string;
  close(): Promise<void>;
}

/** Forwards `from` to `to`, each chunk `delayMs` later (timers of one delay fire in order). */
function pipeDelayed(from: Socket, to: Socket, delayMs: number): void {
  from.on("data", (chunk: Buffer) => {
    setTimeout(() => {
      if (!to.destroyed) to.write(chunk);
    }, delayMs);
  });
  from.on("end", () => setTimeout(() => to.end(), delayMs));
  from.on("error", () => to.destroy());
  from.on("close", () => setTimeout(() => to.destroy(), delayMs));
}

/** Starts a proxy on 127.0.0.1 in front of `upstream` (http://host:port) adding `rttMs`. */
export async function startDelayProxy(upstream: string, rttMs: number): Promise<DelayProxy> {
  const { hostname, port } = new URL(upstream);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const target = connect(Number(port), hostname);
    client.setNoDelay(true);
    target.setNoDelay(true);
    for (const s of [client, target]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
    }
    pipeDelayed(client, target, rttMs / 2);
    pipeDelayed(target, client, rttMs / 2);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("proxy has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
