/**
 * The listen backlog: 1,000 connections opened at once are all accepted without SYN-ACK
 * retransmits. Node's default listen backlog (511) left the connections past it waiting
 * 1–15 s, so their first requests timed out under `npm run bench:server -- --connections 1000`.
 * The listening socket's backlog is read from the kernel (`ss`: Send-Q of a listening socket is
 * its backlog).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createServer, memoryStore } from "../../src/server/index.js";
import { bundledWorld } from "./harness.js";

describe("listen backlog", () => {
  it("queues at least 1,000 connections (or the kernel's cap, if lower)", async () => {
    const server = createServer({ world: bundledWorld(), store: memoryStore() });
    const { url } = await server.listen({ port: 0, host: "127.0.0.1" });
    try {
      const port = new URL(url).port;
      const line = execFileSync("ss", ["-Hltn", `sport = :${port}`], { encoding: "utf8" }).trim();
      // State Recv-Q Send-Q Local:Port Peer:Port
      const backlog = Number(line.split(/\s+/)[2]);
      const cap = Number(readFileSync("/proc/sys/net/core/somaxconn", "utf8"));
      expect(backlog).toBe(Math.min(4096, cap));
      expect(backlog).toBeGreaterThanOrEqual(Math.min(1000, cap));
    } finally {
      await server.close();
    }
  });
});
