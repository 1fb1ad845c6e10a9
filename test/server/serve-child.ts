/**
 * `opensocial-kit serve` in a child process (through the CLI's `main`, under tsx): its output,
 * its exit code, and the URL it prints once listening. `detached` gives it a process group of
 * its own, so that a test can signal the group as a terminal does on Ctrl-C.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";

const MAIN = join(import.meta.dirname, "../../src/cli/main.ts");

/** Starts `opensocial-kit serve ...args`. */
export function serve(args: string[], opts: { detached?: boolean } = {}) {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "-e",
      `import(${JSON.stringify(MAIN)}).then(async (m) => { process.exitCode = await m.main(${JSON.stringify(["serve", ...args])}); })`,
    ],
    {
      stdio: ["ignore", "pipe", "pipe"],
      detached: opts.detached === true,
    },
  );
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on("data", (d: Buffer) => {
    err += d.toString();
  });
  const exit = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  const listening = async (): Promise<string> => {
    for (let i = 0; i < 200 && !out.includes("\n"); i++)
      await new Promise((r) => setTimeout(r, 50));
    const m = /(http:\/\/\S+?)\/os\/0\.8\//.exec(out);
    if (!m?.[1]) throw new Error(`no URL printed: ${out} ${err}`);
    return m[1];
  };
  return { child, exit, listening, output: () => ({ out, err }) };
}
