/**
 * Test helpers: tiny HTTP servers on 127.0.0.1:0 (closed by the test), the reference server
 * in-process (as the CLI's quick start starts it), and a text sink.
 */
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import {
  type AddressInfo,
  createServer as createNetServer,
  type Server as NetServer,
  type Socket,
} from "node:net";
import { startReferenceServer } from "../../src/cli/reference-server.js";
import { checkTarget, createHttpClient, type Target } from "../../src/conformance/index.js";
import type { CaseEnv } from "../../src/conformance/run/run-case.js";

/** A running server and how to stop it. */
export interface Running {
  url: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:0; `close` also destroys the open sockets. */
async function listening(server: NetServer): Promise<Running> {
  const sockets = new Set<Socket>();
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** Starts a node:http server with `handler`; `close` also destroys open sockets. */
export function startFake(
  handler: (req: IncomingMessage, res: ServerResponse, socket: Socket) => void,
): Promise<Running> {
  return listening(createHttpServer((req, res) => handler(req, res, req.socket)));
}

/** Starts a node:net server handing each connection to `onSocket`; `close` also destroys open sockets. */
export function startRawFake(onSocket: (socket: Socket) => void): Promise<Running> {
  return listening(
    createNetServer((s) => {
      s.on("error", () => {});
      onSocket(s);
    }),
  );
}

/** Starts the reference server as the CLI's quick start does. */
export async function startReference(): Promise<Running> {
  const r = await startReferenceServer();
  if (typeof r === "string") throw new Error(r);
  return { url: r.url, close: r.stop };
}

/** The bundled target (fixtures/target.json's apps and users) at `baseUrl`. */
export function bundledTarget(baseUrl: string, world = true): Target {
  const r = checkTarget(
    {
      baseUrl,
      apps: {
        main: { consumerKey: "quiz-key", consumerSecret: "quiz secret+1/é" },
        other: { consumerKey: "notes-key", consumerSecret: "notes!*'()-secret" },
      },
      users: {
        viewer: "example.org:alice",
        friend: "example.org:bob",
        friendWithoutApp: "example.org:carol",
        stranger: "example.org:dave",
      },
      ...(world ? { world: "world.json" } : {}),
    },
    new URL("../../fixtures/", import.meta.url).pathname,
  );
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

/** Collects written text. */
export function sink(): { text: string; write(s: string): boolean } {
  return {
    text: "",
    write(s: string) {
      this.text += s;
      return true;
    },
  };
}

/** What `runCase` needs to run one case against `url` as the bundled target's apps and users (no world). */
export function caseEnv(url: string): CaseEnv {
  const target = bundledTarget(url, false);
  return {
    client: createHttpClient(url, 2),
    origin: url,
    apps: target.apps,
    users: target.users,
    namespace: "example.org",
    limits: { timeoutMs: 2000, maxBodyBytes: 1024 * 1024 },
    now: () => Math.floor(Date.now() / 1000),
  };
}
