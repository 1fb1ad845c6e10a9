/**
 * The reference server in a child process (test/server/child-server.ts under tsx), so that a
 * test can kill it with SIGKILL. `data` is a SQLite path, `:memory:` or a `postgres://` URL.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";

/** Starts a child server on `data`; resolves once it prints its URL. */
export function spawnServer(data: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(import.meta.dirname, "child-server.ts"), data],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n") && line)
        resolve({ child, url: (JSON.parse(line) as { url: string }).url });
    });
    child.on("exit", (code) => reject(new Error(`child exited ${code}`)));
  });
}
