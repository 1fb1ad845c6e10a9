/**
 * `opensocial-kit serve`: runs the reference server until SIGINT/SIGTERM, then drains it
 * (server/http/drain.ts: new connections refused, `/healthz` 503, the requests taken answered
 * with `Connection: close`, at most `SHUTDOWN_GRACE_MS`) and closes the store (the PostgreSQL
 * pool too).
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadTarget } from "../../conformance/index.js";
import { EXIT } from "../../conformance/run/exit-codes.js";
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
import { defineCommand } from "../command-definition.js";
import { BUNDLED_TARGET } from "../reference-server.js";
import { serveBanner } from "./serve-banner.js";

/** Default location of the application data (relative to the working directory). */
const DEFAULT_DATA = "./.opensocial-kit/appdata.sqlite";

interface ServeArgs {
  world?: string;
  port: number;
  host: string;
  data: string;
  atomStrict: boolean;
  publicUrl?: string;
  logRequests: boolean;
}

/** Runs the server; resolves with the exit code once stopped by a signal. */
async function runServe(args: ServeArgs): Promise<number> {
  const world = loadWorld(args.world ?? BUNDLED_WORLD);
  if (!world.ok) {
    for (const i of world.issues)
      process.stderr.write(
        `world ${args.world ?? "(bundled)"}: ${i.pointer || "/"}: ${i.message}\n`,
      );
    return EXIT.FAILED;
  }
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) {
    process.stderr.write(`--port must be 0–65535\n`);
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
    process.stderr.write(
      `cannot listen on ${args.host}:${args.port}: ${(e as NodeJS.ErrnoException).code ?? e}\n`,
    );
    return EXIT.FAILED;
  }
  const bundledWorldFile = fileURLToPath(BUNDLED_WORLD);
  const bundled = args.world === undefined || resolve(args.world) === bundledWorldFile;
  const target = loadTarget(BUNDLED_TARGET);
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
      defaultBaseUrl: target.ok ? target.value.baseUrl : "http://127.0.0.1:8080",
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

/** `serve`: its options and its action. */
export const serveDefinition = defineCommand(
  (y) =>
    y
      .option("world", {
        type: "string",
        describe: "World file (default: the bundled fixtures/world.json)",
      })
      .option("port", { type: "number", default: 8080, describe: "Port (0 = any free port)" })
      .option("host", { type: "string", default: "127.0.0.1", describe: "Address to listen on" })
      .option("data", {
        type: "string",
        default: DEFAULT_DATA,
        describe:
          "SQLite file for application data, :memory:, or postgres://user:password@host:port/db for several instances over one database",
      })
      .option("public-url", {
        type: "string",
        describe:
          "Public origin clients sign for, behind a TLS-terminating proxy (P-AUTH-7), e.g. https://sandbox.example; default http:// and the Host header",
      })
      .option("atom-strict", {
        type: "boolean",
        default: false,
        describe: "Write RFC 4287-valid Atom feeds (P-FMT-5) instead of the social-api.md layout",
      })
      .option("log-requests", {
        type: "boolean",
        default: false,
        describe:
          "One JSON line per request on stdout (time, method, path without query, status, ms, bytes; never credentials)",
      })
      .example(
        "$0 serve",
        "bundled world on http://127.0.0.1:8080, data in ./.opensocial-kit/appdata.sqlite",
      )
      .example(
        "$0 serve --world my-world.json --port 0 --data :memory:",
        "your world, any free port, nothing kept",
      )
      .example(
        "$0 serve --public-url https://sandbox.example",
        "behind a proxy that terminates TLS for https://sandbox.example: clients sign https:// URLs",
      )
      .example(
        "$0 serve --host 0.0.0.0 --data postgres://osk:secret@db:5432/osk --log-requests",
        "one of several instances over PostgreSQL (shared data and nonces); GET /healthz for the load balancer",
      )
      .epilogue(
        `GET /healthz answers 200 while the store answers, 503 otherwise and from a stop signal on (no authentication). Exit codes: 0 stopped by SIGINT/SIGTERM, 1 the world, the store or the port cannot be used, 2 bad option. Requests are signed with two-legged OAuth 1.0a (HMAC-SHA1, P-AUTH-1); the bundled world's apps and users are in fixtures/world.json and fixtures/target.json. Stop with Ctrl-C or SIGTERM: new connections are refused and /healthz answers 503 at once, requests already taken are answered (with Connection: close), then the process exits (at most ${SHUTDOWN_GRACE_MS / 1000} s). World file format: schemas/world.schema.json.`,
      ),
  (argv) => runServe(argv as ServeArgs),
);
