/**
 * Test harness: starts the reference server on 127.0.0.1 port 0 with the bundled world and
 * sends requests signed with the real signer (src/oauth/signRequest).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Result } from "../../src/model/issue.js";
import { signRequest } from "../../src/oauth/index.js";
import {
  BUNDLED_WORLD,
  createServer,
  type HttpLimits,
  loadWorld,
  openStore,
  type ReferenceServer,
  type World,
} from "../../src/server/index.js";
import type { AppDataStore } from "../../src/server/store/types.js";

/** Apps of the bundled world (fixtures/world.json). */
export const APPS = {
  quiz: { consumerKey: "quiz-key", consumerSecret: "quiz secret+1/é" },
  notes: { consumerKey: "notes-key", consumerSecret: "notes!*'()-secret" },
} as const;

/** Loads the bundled world or fails the test. */
export function bundledWorld(): World {
  const w = loadWorld(BUNDLED_WORLD);
  if (!w.ok) throw new Error(JSON.stringify(w.issues));
  return w.value;
}

/** A running server for one test file. */
export interface Running {
  url: string;
  server: ReferenceServer;
  store: AppDataStore;
  close(): Promise<void>;
}

/** Starts a server; `data` is a SQLite path or `:memory:` (default). */
export async function start(
  opts: {
    data?: string;
    clock?: () => number;
    limits?: Partial<HttpLimits>;
    world?: World;
    atomStrict?: boolean;
    publicUrl?: string;
  } = {},
): Promise<Running> {
  const store = opened(openStore(opts.data ?? ":memory:"));
  const server = createServer({
    world: opts.world ?? bundledWorld(),
    store,
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.limits ? { limits: opts.limits } : {}),
    ...(opts.atomStrict ? { atomStrict: true } : {}),
    ...(opts.publicUrl !== undefined ? { publicUrl: opts.publicUrl } : {}),
    logger: { error: (m, d) => console.error(m, d) },
  });
  const { url } = await server.listen({ port: 0 });
  return {
    url,
    server,
    store,
    async close() {
      await server.close();
      await store.close();
    },
  };
}

/** The store of an `openStore` result; a test fails at once when it could not be opened. */
export function opened(result: Result<AppDataStore>): AppDataStore {
  if (!result.ok) throw new Error(`store not opened: ${result.issues[0]?.message}`);
  return result.value;
}

/** A temporary directory removed by the returned function. */
export function tempDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "osk-server-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** What to send. */
export interface Call {
  method?: string;
  /** Path and query, e.g. `/os/0.8/people/@me/@self?fields=gender`. */
  path: string;
  /** `xoauth_requestor_id`; default `example.org:alice`; null leaves it out. */
  as?: string | null;
  app?: keyof typeof APPS | { consumerKey: string; consumerSecret: string };
  /** A JSON value (sent as application/json) or raw text with `contentType`. */
  json?: unknown;
  body?: string | Uint8Array;
  contentType?: string;
  headers?: Record<string, string>;
  placement?: "header" | "query";
  bodyHash?: boolean;
  unsigned?: boolean;
  nonce?: string;
  timestamp?: number;
}

/** The response, with the body parsed when JSON. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** Sends a signed request to `base`. */
export async function call(base: string, c: Call): Promise<Answer> {
  const method = c.method ?? "GET";
  const body = c.json !== undefined ? JSON.stringify(c.json) : c.body;
  const contentType = c.json !== undefined ? "application/json" : c.contentType;
  const app = typeof c.app === "object" ? c.app : APPS[c.app ?? "quiz"];
  const as = c.as === undefined ? "example.org:alice" : c.as;
  let url = base + c.path;
  let headers: Record<string, string> = {};
  if (!c.unsigned) {
    const signed = signRequest({
      method,
      url,
      ...app,
      ...(as === null ? {} : { requestorId: as }),
      ...(contentType === "application/x-www-form-urlencoded" && typeof body === "string"
        ? { formBody: body }
        : {}),
      ...(body !== undefined ? { body } : {}),
      ...(c.bodyHash ? { bodyHash: true } : {}),
      ...(c.placement ? { placement: c.placement } : {}),
      ...(c.nonce ? { nonce: c.nonce } : {}),
      ...(c.timestamp !== undefined ? { timestamp: c.timestamp } : {}),
    });
    url = signed.url;
    headers = signed.headers;
  }
  if (contentType) headers["content-type"] = contentType;
  const res = await fetch(url, {
    method,
    headers: { ...headers, ...c.headers },
    ...(body !== undefined ? { body: typeof body === "string" ? body : new Uint8Array(body) } : {}),
  });
  return answerOf(res);
}

/** A fetch response as an {@link Answer}: the body read, and parsed when JSON. */
export async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A raw TCP connection to a server's port: what it received so far, and all of it once closed. */
export function openSocket(url: string) {
  const sock = connect(Number(new URL(url).port), "127.0.0.1");
  let out = "";
  sock.on("data", (d: Buffer) => {
    out += d.toString("latin1");
  });
  const closed = new Promise<string>((r) => sock.on("close", () => r(out)));
  sock.on("error", () => undefined);
  return { sock, closed, output: () => out };
}
