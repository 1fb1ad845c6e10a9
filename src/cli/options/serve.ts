/** `serve` as help shows it; the action, commands/serve.ts, loads when it runs (commands.ts). */
import { SHUTDOWN_GRACE_MS } from "../../server/http/drain.js";
import { defineCommand } from "../command-definition.js";

/** Default location of the application data (relative to the working directory). */
const DEFAULT_DATA = "./.opensocial-kit/appdata.sqlite";

/** `serve`: its options and its action. */
export const serveDefinition = defineCommand(
  {
    options: {
      world: {
        type: "string",
        describe: "World file (default: the bundled fixtures/world.json)",
      },
      port: {
        type: "number",
        default: 8080,
        range: { whole: true, min: 0, max: 65_535 },
        describe: "Port (0 = any free port)",
      },
      host: { type: "string", default: "127.0.0.1", describe: "Address to listen on" },
      data: {
        type: "string",
        default: DEFAULT_DATA,
        describe:
          "SQLite file for application data, :memory:, or postgres://user:password@host:port/db for several instances over one database",
      },
      "public-url": {
        type: "string",
        describe:
          "Public origin clients sign for, behind a TLS-terminating proxy (P-AUTH-7), e.g. https://sandbox.example; default http:// and the Host header",
      },
      "atom-strict": {
        type: "boolean",
        default: false,
        describe:
          "Write RFC 4287-valid Atom feeds (P-FMT-5) instead of the social-api.md layout; they fill the entry's updated that §4.3 leaves empty, so the conformance suite fails them",
      },
      "log-requests": {
        type: "boolean",
        default: false,
        describe:
          "One JSON line per request on stdout (time, method, path without query, status, ms, bytes; never credentials)",
      },
    },
    examples: [
      [
        "$0 serve",
        "bundled world on http://127.0.0.1:8080, data in ./.opensocial-kit/appdata.sqlite",
      ],
      [
        "$0 serve --world my-world.json --port 0 --data :memory:",
        "your world, any free port, nothing kept",
      ],
      [
        "$0 serve --public-url https://sandbox.example",
        "behind a proxy that terminates TLS for https://sandbox.example: clients sign https:// URLs",
      ],
      [
        "$0 serve --host 0.0.0.0 --data postgres://osk:secret@db:5432/osk --log-requests",
        "one of several instances over PostgreSQL (shared data and nonces); GET /healthz for the load balancer",
      ],
    ],
    epilogue: `GET /healthz answers 200 while the store answers, 503 otherwise and from a stop signal on (no authentication). Exit codes: 0 stopped by SIGINT/SIGTERM, 1 the world, the store or the port cannot be used, 2 bad option. Requests are signed with two-legged OAuth 1.0a (HMAC-SHA1, P-AUTH-1); the bundled world's apps and users are in fixtures/world.json and fixtures/target.json. Stop with Ctrl-C or SIGTERM: new connections are refused and /healthz answers 503 at once, requests already taken are answered (with Connection: close), then the process exits (at most ${SHUTDOWN_GRACE_MS / 1000} s). World file format: schemas/world.schema.json.`,
  },
  async (argv) =>
    (await import("../commands/serve.js")).runServe({
      world: argv.world,
      port: argv.port,
      host: argv.host,
      data: argv.data,
      publicUrl: argv["public-url"],
      atomStrict: argv["atom-strict"],
      logRequests: argv["log-requests"],
    }),
);
