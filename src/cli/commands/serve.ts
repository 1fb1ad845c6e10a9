/**
 * `opensocial-kit serve`: runs the reference server until SIGINT/SIGTERM, then drains it
 * (server/http/drain.ts: new connections refused, `/healthz` 503, the requests taken answered
 * with `Connection: close`, at most `SHUTDOWN_GRACE_MS`) and closes the store (the PostgreSQL
 * pool too).
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { EXIT } from "../../conformance/run/exit-codes.js";
import { loadTarget, type Target } from "../../conformance/suite/target.js";
import { OperationalError } from "../../model/operational-error.js";
import {
  type AppDataStore,
  BUNDLED_WORLD,
  createServer,
  jsonLinesLog,
  loadWorld,
  openStore,
  publicOrigin,
  redactUrl,
  SHUTDOWN_GRACE_MS,
} from "../../server/index.js";
import { isPostgresUrl } from "../../server/store/postgres.js";
import { bundledTarget } from "../reference-server.js";
import { serveBanner } from "./serve-banner.js";

export interface ServeArgs {
  world?: string | undefined;
  port: number;
  host: string;
  data: string;
  atomStrict: boolean;
  publicUrl?: string | undefined;
  logRequests: boolean;
}

/** Why the server could not listen, as one line with what to do. */
function listenProblem(args: Pick<ServeArgs, "host" | "port">, e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  const where = `cannot listen on ${args.host}:${args.port}`;
  if (code === "EADDRINUSE")
    return `${where}: port ${args.port} is already in use (EADDRINUSE); stop what holds it, or give another port (--port 0 takes a free one and prints it)`;
  if (code === "EACCES")
    return `${where}: permission denied (EACCES); ports below 1024 need privileges: give --port 8080, or --port 0 for a free one`;
  if (code === "EADDRNOTAVAIL")
    return `${where}: no interface of this machine has address ${args.host} (EADDRNOTAVAIL); give --host 127.0.0.1, or 0.0.0.0 for every interface`;
  if (code === "ENOTFOUND")
    return `${where}: no such host name or address ${args.host} (ENOTFOUND); give --host 127.0.0.1, or 0.0.0.0 for every interface`;
  return `${where}: ${code ?? String(e)}`;
}

/**
 * The target file beside a world file (`target.json` in its folder, as `opensocial-kit world`
 * writes them) when it loads and names that world: its users and its name go in the banner.
 */
function targetBeside(worldFile: string): { file: string; target: Target } | undefined {
  const file = join(dirname(worldFile), "target.json");
  if (!existsSync(file)) return undefined;
  const loaded = loadTarget(file);
  if (!loaded.ok || loaded.value.world !== worldFile) return undefined;
  return { file, target: loaded.value };
}

/** Runs the server; resolves with the exit code once stopped by a signal. */
export async function runServe(args: ServeArgs): Promise<number> {
  const world = loadWorld(args.world ?? BUNDLED_WORLD);
  if (!world.ok) {
    // The file as the command line named it, unless the message names it ("cannot read <path>:
    // …", an issue with `file`); a pointer only for a problem inside the file.
    const option = args.world === undefined ? "world (bundled)" : "--world";
    for (const i of world.issues) {
      const where =
        i.file === undefined && args.world !== undefined ? `${option} ${args.world}` : option;
      process.stderr.write(`${where}: ${i.pointer ? `${i.pointer}: ` : ""}${i.message}\n`);
    }
    return EXIT.FAILED;
  }
  if (args.host.trim() === "") {
    // an empty host would listen on every interface: that must be asked for by name
    process.stderr.write(`--host names an address (0.0.0.0 listens on every interface)\n`);
    return EXIT.USAGE;
  }
  if (args.data.trim() === "") {
    // an unset variable in a script (`--data "$DATA"`): SQLite would take it for a temporary file
    process.stderr.write(`--data names a SQLite file, :memory: or a postgres:// URL\n`);
    return EXIT.USAGE;
  }
  if (args.publicUrl !== undefined) {
    try {
      publicOrigin(args.publicUrl);
    } catch (e) {
      if (!(e instanceof OperationalError)) throw e;
      process.stderr.write(`--public-url: ${e.message}\n`);
      return EXIT.USAGE;
    }
  }
  const openedStore = openStore(args.data);
  if (!openedStore.ok) {
    process.stderr.write(`--data ${redactUrl(args.data)}: ${openedStore.issues[0]?.message}\n`);
    return EXIT.FAILED;
  }
  const store: AppDataStore = openedStore.value;
  try {
    await store.ping(); // a database that does not answer, or a newer schema, fails here
  } catch (e) {
    if (!(e instanceof OperationalError)) throw e;
    process.stderr.write(`--data ${redactUrl(args.data)}: ${e.message}\n`);
    return EXIT.FAILED;
  }
  const server = createServer({
    world: world.value,
    store,
    atomStrict: args.atomStrict,
    ...(args.publicUrl !== undefined ? { publicUrl: args.publicUrl } : {}),
    ...(args.logRequests ? { requestLog: jsonLinesLog() } : {}),
  });
  let url: string;
  try {
    ({ url } = await server.listen({ port: args.port, host: args.host }));
  } catch (e) {
    await store.close();
    process.stderr.write(`${listenProblem(args, e)}\n`);
    return EXIT.FAILED;
  }
  const bundledWorldFile = fileURLToPath(BUNDLED_WORLD);
  const bundled = args.world === undefined || resolve(args.world) === bundledWorldFile;
  const target = loadTarget(bundledTarget());
  const beside =
    bundled || args.world === undefined ? undefined : targetBeside(resolve(args.world));
  // One write: a reader of the pipe (a supervisor, a test) that waits for the banner gets the
  // public-URL line with it (two writes reached a loaded CI's reader as two chunks).
  const publicLine =
    args.publicUrl === undefined
      ? ""
      : `signatures are checked against ${publicOrigin(args.publicUrl)}/os/0.8/… (P-AUTH-7)\n`;
  process.stdout.write(
    serveBanner({
      url,
      world: world.value,
      worldFile: args.world === undefined ? undefined : resolve(args.world),
      bundledWorldFile,
      // a path made absolute; a database URL as given, its password hidden
      data:
        args.data === ":memory:" || isPostgresUrl(args.data)
          ? redactUrl(args.data)
          : resolve(args.data),
      bundledTarget: bundled && target.ok ? target.value : undefined,
      ...(beside ? { besideTarget: beside } : {}),
      defaultBaseUrl: target.ok ? target.value.baseUrl : "http://127.0.0.1:8080",
      publicOrigin: args.publicUrl === undefined ? undefined : publicOrigin(args.publicUrl),
    }) + publicLine,
  );
  // The first SIGINT or SIGTERM stops the server; later ones are ignored until it has stopped
  // (a Ctrl-C under `npx` arrives twice: from the terminal and forwarded by npm), so the drain
  // is never cut short by a signal, only by its grace.
  const ignore = (): void => {};
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      process.on("SIGINT", ignore);
      process.on("SIGTERM", ignore);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  process.stdout.write(
    `stopping: answering the requests taken, at most ${SHUTDOWN_GRACE_MS / 1000} s\n`,
  );
  await server.close();
  await store.close();
  process.off("SIGINT", ignore);
  process.off("SIGTERM", ignore);
  process.stdout.write("stopped\n");
  return EXIT.OK;
}
