/**
 * The cases about bodies over 1 MiB (P-ERR-4, P-ERR-5.1) give the same verdict on every run. In
 * front of the reference server stands a raw node:net server that answers a too-large request
 * itself with 413 and then either discards the rest of the body before it closes (P-ERR-4.3: a
 * correct server) or closes without reading it (the defect P-ERR-4.3 forbids: the kernel then
 * resets the connection, and whether a client still reads the 413 first depends on socket
 * buffer sizes and timing: the written-whole case caught it in some runs and not others). The
 * defective server answers at once from the head, or once it has read 1 MiB of the body. Every
 * other request is passed to the reference server byte for byte. Against each server the cases
 * run 20 times: the cases that follow the body to the connection's end (held, written whole)
 * fail a defective server under P-ERR-4.3 every time and pass the correct one every time; the
 * plain 413 cases pass both (their rules do not concern the close).
 */
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRunAbort, runSuite } from "../../src/conformance/index.js";
import { bundledTarget, type Running, startRawFake, startReference } from "./helpers.js";

const LIMIT = 1024 * 1024;
const DRAIN = 16 * 1024 * 1024;
const BODY_413 = '{"error":{"code":413,"message":"request body larger than 1 MiB"}}';
const ANSWER_413 = `HTTP/1.1 413 Payload Too Large\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(BODY_413)}\r\nConnection: close\r\n\r\n${BODY_413}`;

/** How the raw server treats a request whose body is over 1 MiB. */
type TooLarge = "drain" | "close-at-head" | "close-at-limit";

/** True when a request head declares a body over 1 MiB (by its length, or chunked). */
function tooLarge(head: string): boolean {
  if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) return true;
  const n = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  return n !== null && Number(n[1]) > LIMIT;
}

/** Answers 413 on `client` (whose body so far is `read` bytes) as `mode` says. */
function refuse(client: Socket, read: number, mode: TooLarge): void {
  let body = read;
  const closeUnread = () => {
    client.write(ANSWER_413);
    client.end();
    client.destroy();
  };
  if (mode === "close-at-head") {
    closeUnread();
    return;
  }
  if (mode === "drain") client.write(ANSWER_413);
  client.on("data", (b: Buffer) => {
    body += b.length;
    if (mode === "close-at-limit" && body > LIMIT) {
      client.removeAllListeners("data");
      closeUnread();
    } else if (mode === "drain" && body > LIMIT + DRAIN) client.destroy();
  });
  client.on("end", () => client.end());
  client.resume();
}

/** The raw server: too-large requests answered as `mode` says, anything else piped to `upstream`. */
function startRawServer(upstream: string, mode: TooLarge): Promise<Running> {
  const up = new URL(upstream);
  return startRawFake((client) => {
    let head = Buffer.alloc(0);
    const onHead = (b: Buffer) => {
      head = Buffer.concat([head, b]);
      const end = head.indexOf("\r\n\r\n");
      if (end < 0) return;
      client.off("data", onHead);
      client.pause();
      if (tooLarge(head.subarray(0, end).toString("latin1")))
        return refuse(client, head.length - end - 4, mode);
      const server = connect({ host: up.hostname, port: Number(up.port) }, () => {
        server.write(head);
        client.pipe(server).pipe(client);
        client.resume();
      });
      server.on("error", () => client.destroy());
      client.on("close", () => server.destroy());
    };
    client.on("data", onHead);
  });
}

/** The cases that send a body over 1 MiB. */
const CASES =
  /^(appdata-write\/too-large-413(-held|-chunked-held|-written-whole)?|auth\/order-413-first)$/;

/** Runs the cases once against `url`: each case id with its outcome and the statement it failed. */
async function verdict(url: string): Promise<Record<string, string>> {
  const r = await runSuite({
    target: bundledTarget(url),
    grep: CASES,
    concurrency: 6,
    timeoutMs: 20_000,
  });
  if (isRunAbort(r)) throw new Error(`run stopped: ${r.abort}`);
  return Object.fromEntries(
    r.cases
      .map((c) => [c.id, `${c.outcome}${c.failedStatement ? ` ${c.failedStatement}` : ""}`])
      .sort(([a = ""], [b = ""]) => a.localeCompare(b)),
  );
}

/** What every server gets: the 413 itself, sent through the HTTP client (P-ERR-4.1, P-ERR-5.1). */
const ANSWERED = { "appdata-write/too-large-413": "pass", "auth/order-413-first": "pass" };
/** The cases that follow the body to the connection's end (P-ERR-4.3). */
const FOLLOWED = [
  "appdata-write/too-large-413-held",
  "appdata-write/too-large-413-chunked-held",
  "appdata-write/too-large-413-written-whole",
];
const followed = (verdict: string) => Object.fromEntries(FOLLOWED.map((id) => [id, verdict]));

let reference: Running;
beforeAll(async () => {
  reference = await startReference();
});
afterAll(async () => {
  await reference.close();
});

describe("the cases about bodies over 1 MiB, 20 times against one server", () => {
  it.each<[TooLarge, Record<string, string>]>([
    ["drain", { ...ANSWERED, ...followed("pass") }],
    ["close-at-head", { ...ANSWERED, ...followed("fail P-ERR-4.3") }],
    ["close-at-limit", { ...ANSWERED, ...followed("fail P-ERR-4.3") }],
  ])(
    "give one verdict when the server answers 413 and then does %s",
    async (mode, expected) => {
      const raw = await startRawServer(reference.url, mode);
      try {
        const seen = new Map<string, number>();
        for (let i = 0; i < 20; i++) {
          const v = JSON.stringify(await verdict(raw.url), null, 1);
          seen.set(v, (seen.get(v) ?? 0) + 1);
        }
        const sorted = Object.fromEntries(
          Object.entries(expected).sort(([a], [b]) => a.localeCompare(b)),
        );
        expect([...seen.keys()]).toEqual([JSON.stringify(sorted, null, 1)]);
      } finally {
        await raw.close();
      }
    },
    600_000,
  );
});
