// The client stops reading a response over its cap while the server is still sending: the
// aborted body must not raise an unhandled 'error' event (it crashed `npm run fuzz:mutants`).
import { describe, expect, it } from "vitest";
import { createHttpClient } from "../../../src/conformance/transport/http-client.js";
import { startFake } from "../helpers.js";

describe("a response over the cap, still streaming", () => {
  it.each([
    ["a declared Content-Length over the cap", { "content-length": String(64 * 1024 * 1024) }],
    ["a chunked body that grows past the cap", {}],
  ])("%s: too-large, and no unhandled error", async (_name, headers) => {
    const fake = await startFake((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", ...headers });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const timer = setInterval(() => {
        if (!res.write(chunk)) return;
      }, 1);
      res.on("close", () => clearInterval(timer));
    });
    const errors: unknown[] = [];
    const onError = (e: unknown) => errors.push(e);
    process.on("uncaughtException", onError);
    const client = createHttpClient(fake.url, 1);
    try {
      const x = await client.send(
        { method: "GET", path: "/", headers: {} },
        { maxBodyBytes: 256 * 1024 },
      );
      expect(x.ok ? "ok" : x.error.code).toBe("too-large");
      await new Promise((r) => setTimeout(r, 50));
      expect(errors).toEqual([]);
    } finally {
      process.off("uncaughtException", onError);
      await client.close();
      await fake.close();
    }
  });
});
