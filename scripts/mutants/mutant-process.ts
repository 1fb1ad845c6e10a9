/**
 * Runs a mutant tree's server in a child process (`serve-tree.ts` under tsx): each mutant gets a
 * fresh module graph, and a mutant that hangs or crashes cannot take the self-check with it. The
 * child is stopped on every exit path (stdin closed, then SIGKILL after a grace period).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const ENTRY = fileURLToPath(new URL("./serve-tree.ts", import.meta.url));
const START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 3_000;

/** Starts the server of the tree at `dir`; resolves with the child and its base URL. */
function start(dir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", ENTRY, dir], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (c: Buffer) => {
    if (stderr.length < 4000) stderr += c.toString("utf8");
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`mutant server did not start within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once("line", (line) => {
      clearTimeout(timer);
      try {
        const { url } = JSON.parse(line) as { url: string };
        resolve({ child, url });
      } catch {
        child.kill("SIGKILL");
        reject(new Error(`mutant server printed ${JSON.stringify(line.slice(0, 200))}`));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`mutant server exited (${code}) before listening: ${stderr.trim()}`));
    });
  });
}

/** Stops `child`: closes its stdin, then kills it if it has not exited after the grace period. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.stdin?.end();
  });
}

/** Runs `use` against the server of the mutant tree at `dir`, and stops it after. */
export async function withMutantServer<T>(
  dir: string,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const { child, url } = await start(dir);
  try {
    return await use(url);
  } finally {
    await stop(child);
  }
}
