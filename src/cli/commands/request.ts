/**
 * `opensocial-kit request METHOD PATH`: signs one request with two-legged OAuth 1.0a for a role's
 * user and one app of a target (default: the bundled world on http://127.0.0.1:8080, what
 * `opensocial-kit serve` runs), sends it, and prints the status and body. The signing and
 * sending live in src/conformance/transport/one-request.ts.
 */
import { STATUS_CODES } from "node:http";
import { EXIT, loadTarget, ROLES, sendOne, transportText } from "../../conformance/index.js";
import { issueText } from "../../conformance/reporters/issue-text.js";
import { usageError } from "../abort-exit.js";
import { defineCommand } from "../command-definition.js";
import { BUNDLED_TARGET } from "../reference-server.js";
import type { TextSink } from "../text-sink.js";
import { withBaseUrl } from "./target-option.js";

/** Options of `request`, as parsed. */
export interface RequestArgs {
  method: string;
  path: string;
  json?: string | undefined;
  form?: string[] | undefined;
  as: string;
  app: string;
  target?: string | undefined;
  baseUrl?: string | undefined;
  include: boolean;
  timeout: number;
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE"];

/** Splits `k=v` (the first `=`); undefined without one. */
function formPair(text: string): [string, string] | undefined {
  const eq = text.indexOf("=");
  return eq <= 0 ? undefined : [text.slice(0, eq), text.slice(eq + 1)];
}

/**
 * Sends the request; resolves to the exit code: 0 a 2xx answer, 1 any other status, 2 usage or
 * target-file error, 3 no answer (unreachable, timeout). The status line goes to stderr unless
 * `-i` (then status and headers open stdout, as with curl -i), so that stdout pipes into jq.
 */
export async function requestCommand(
  args: RequestArgs,
  out: TextSink = process.stdout,
  err: TextSink = process.stderr,
): Promise<number> {
  const usage = usageError("request", err);
  const method = args.method.toUpperCase();
  if (!METHODS.includes(method)) return usage(`METHOD is one of ${METHODS.join(", ")}`);
  if (args.json !== undefined && args.form?.length) return usage("give --json or --form, not both");
  const pairs: [string, string][] = [];
  for (const f of args.form ?? []) {
    const p = formPair(f);
    if (!p) return usage(`--form ${f}: expected key=value`);
    pairs.push(p);
  }
  if (args.json !== undefined) {
    try {
      JSON.parse(args.json);
    } catch (e) {
      return usage(
        `--json is not JSON (${(e as Error).message}); quote it for the shell: --json '{"k":"v"}'`,
      );
    }
  }
  if (args.app !== "main" && args.app !== "other") return usage("--app is main or other");
  if (!Number.isInteger(args.timeout) || args.timeout < 1)
    return usage("--timeout is a positive number of milliseconds");
  const loaded = loadTarget(args.target ?? BUNDLED_TARGET);
  if (!loaded.ok) return usage(issueText(loaded.issues));
  const target =
    args.baseUrl === undefined ? loaded.value : withBaseUrl(loaded.value, args.baseUrl);
  if (typeof target === "string") return usage(target);
  const r = await sendOne(target, {
    method,
    path: args.path,
    as: args.as,
    app: args.app,
    timeoutMs: args.timeout,
    ...(args.json !== undefined ? { body: { json: args.json } } : {}),
    ...(pairs.length ? { body: { form: pairs } } : {}),
  });
  if (!r.ok) {
    if (r.stage === "usage") return usage(issueText(r.issues));
    err.write(
      `opensocial-kit request: no answer from ${target.baseUrl} (${transportText(r.transport)})${args.target === undefined ? "; is `opensocial-kit serve` running?" : ""}\n`,
    );
    return EXIT.UNREACHABLE;
  }
  const { status, headers, body } = r.response;
  const statusLine = `HTTP ${status} ${STATUS_CODES[status] ?? ""}`.trimEnd();
  if (args.include) {
    out.write(`${statusLine}\n`);
    for (const [k, v] of Object.entries(headers)) out.write(`${k}: ${v}\n`);
    out.write("\n");
  } else err.write(`${statusLine}\n`);
  if (body.length) {
    const text = body.toString("utf8");
    out.write(text.endsWith("\n") ? text : `${text}\n`);
  }
  return status >= 200 && status < 300 ? EXIT.OK : EXIT.FAILED;
}

/** `request`: its options and its action. */
export const requestDefinition = defineCommand(
  (y) =>
    y
      .positional("method", {
        type: "string",
        demandOption: true,
        describe: "GET, HEAD, POST, PUT or DELETE",
      })
      .positional("path", {
        type: "string",
        demandOption: true,
        describe: "/os/0.8/… with any query, a path relative to /os/0.8/, or a full http(s):// URL",
      })
      .option("json", { type: "string", describe: "JSON body (Content-Type application/json)" })
      .option("form", {
        type: "array",
        string: true,
        describe: "Form body pair k=v (repeatable; signed as OAuth parameters)",
      })
      .option("as", {
        type: "string",
        choices: [...ROLES],
        default: "viewer",
        describe: "Role whose user is the viewer (xoauth_requestor_id)",
      })
      .option("app", {
        type: "string",
        choices: ["main", "other"],
        default: "main",
        describe: "Which app of the target signs",
      })
      .option("target", {
        type: "string",
        describe: "Target file (default: the bundled fixtures/target.json, http://127.0.0.1:8080)",
      })
      .option("base-url", { type: "string", describe: "Base URL, overriding the target's" })
      .option("include", {
        alias: "i",
        type: "boolean",
        default: false,
        describe: "Print the status line and response headers on stdout before the body",
      })
      .option("timeout", { type: "number", default: 10_000, describe: "Timeout in ms" })
      .example("$0 request GET /os/0.8/people/@me/@self", "the viewer's profile (alice)")
      .example(
        "$0 request GET 'people/@me/@friends?fields=gender&filterBy=hasApp'",
        "friends who use the app (a path without / is under /os/0.8/)",
      )
      .example(
        `$0 request POST /os/0.8/appdata/@me/@self/@app --json '{"score":"10"}'`,
        "write application data",
      )
      .example(
        "$0 request POST appdata/@me/@self/@app --form score=10 --form level=2",
        "the same as a signed form body",
      )
      .example(
        "$0 request GET appdata/@me/@friends/@app --as friend -i",
        "as bob (the friend role), with the status and headers",
      )
      .example(
        "$0 request GET people/@me/@self --app other",
        "signed by the second app (notes, which alice uses)",
      )
      .example(
        "$0 request GET http://127.0.0.1:8080/os/0.8/albums/@me/@self",
        "a full URL is sent as it is, signed for itself",
      )
      .example(
        "$0 request GET people/@me/@self --target my-target.json",
        "your own server, with its apps and users",
      )
      .epilogue(
        "Start the sandbox first: opensocial-kit serve. Exit codes: 0 a 2xx answer; 1 any other status; 2 usage or target-file error; 3 no answer (unreachable, timeout). The status line goes to stderr (stdout carries only the body, ready for jq) unless -i.",
      ),
  (argv) =>
    requestCommand({
      method: argv.method as string,
      path: argv.path as string,
      json: argv.json,
      form: argv.form,
      as: argv.as,
      app: argv.app,
      target: argv.target,
      baseUrl: argv["base-url"],
      include: argv.include,
      timeout: argv.timeout,
    }),
);
