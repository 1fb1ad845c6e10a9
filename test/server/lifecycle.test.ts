/**
 * Server lifecycle: `close()` lets an in-flight request finish; an idle
 * connection that sends nothing is closed; `Expect: 100-continue` with an oversized body gets
 * 413 without an invitation; `handle()` works without a socket.
 */
import { describe, expect, it } from "vitest";
import { signRequest } from "../../src/oauth/index.js";
import { createServer, memoryStore } from "../../src/server/index.js";
import { bundledWorld, openSocket, start } from "./harness.js";

describe("lifecycle", () => {
  it("close() waits for an in-flight request, which still gets its 200", async () => {
    const s = await start();
    const signed = signRequest({
      method: "POST",
      url: `${s.url}/os/0.8/appdata/@me/@self/@app`,
      consumerKey: "quiz-key",
      consumerSecret: "quiz secret+1/é",
      requestorId: "example.org:alice",
    });
    const u = new URL(signed.url);
    const body = '{"late":"1"}';
    const c = openSocket(s.url);
    c.sock.write(
      `POST ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\nAuthorization: ${signed.headers.authorization}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n{"la`,
    );
    await new Promise((r) => setTimeout(r, 100));
    const closing = s.server.close();
    await new Promise((r) => setTimeout(r, 100));
    c.sock.write('te":"1"}');
    await closing;
    expect(await c.closed).toMatch(/^HTTP\/1\.1 200 /);
    expect((await s.store.read("quiz", "example.org:alice")).get("late")).toBe("1");
    await s.store.close();
  });
  it("a connection that sends nothing is closed by the headers timeout", async () => {
    const s = await start({ limits: { headersTimeoutMs: 300, requestTimeoutMs: 600 } });
    const c = openSocket(s.url);
    const t0 = Date.now();
    await c.closed;
    expect(Date.now() - t0).toBeLessThan(5000);
    await s.close();
  });
  it("Expect: 100-continue with a body over 1 MiB → 413, no 100 Continue", async () => {
    const s = await start();
    const c = openSocket(s.url);
    c.sock.write(
      `POST /os/0.8/appdata/@me/@self/@app HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: ${5 * 1024 * 1024}\r\nConnection: close\r\n\r\n`,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(c.output()).toMatch(/^HTTP\/1\.1 413 /);
    c.sock.destroy();
    await s.close();
  });
  it("handle() answers without a socket", async () => {
    const store = memoryStore();
    const server = createServer({ world: bundledWorld(), store });
    const signed = signRequest({
      method: "GET",
      url: "http://sandbox.test/os/0.8/people/@me/@self",
      consumerKey: "quiz-key",
      consumerSecret: "quiz secret+1/é",
      requestorId: "alice",
    });
    const u = new URL(signed.url);
    const r = await server.handle({
      method: "GET",
      url: u.pathname + u.search,
      headers: { host: "sandbox.test", ...signed.headers },
      body: new Uint8Array(0),
    });
    expect(r.status).toBe(200);
    expect(JSON.parse(new TextDecoder().decode(r.body)).entry.id).toBe("example.org:alice");
    await server.close();
    await store.close();
  });
});
