import { spawn } from "node:child_process";
import { startDelayProxy } from "./delay-proxy.js";

const BIN = "/work/main/bin/opensocial-kit.js";
const child = spawn(process.execPath, [BIN, "serve", "--data", ":memory:", "--port", "0"], {
  stdio: ["ignore", "pipe", "inherit"],
});
const url: string = await new Promise((res) => {
  let out = "";
  child.stdout.on("data", (d) => {
    out += d;
    const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
    if (m) res(m[0]);
  });
});
const proxy = await startDelayProxy(url, 50);
const t0 = performance.now();
await new Promise((res) =>
  spawn(
    process.execPath,
    [BIN, "run", "--base-url", proxy.url, "--reporter", "json:/tmp/rtt.json"],
    { stdio: ["ignore", "ignore", "inherit"] },
  ).once("exit", res),
);
console.log("wall", performance.now() - t0);
await proxy.close();
child.kill();
