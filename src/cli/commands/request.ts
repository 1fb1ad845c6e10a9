/**
 * `opensocial-kit request METHOD PATH`: signs one request with two-legged OAuth 1.0a for a role's
 * user and one app of a target (default: the bundled world on http://127.0.0.1:8080, what
 * `opensocial-kit serve` runs), sends it, and prints the status and body. The signing and
 * sending live in src/conformance/transport/one-request.ts.
 */
import { STATUS_CODES } from "node:http";
import {
  REPEATED_PREFIX_HINT,
  repeatsApiPrefix,
  unreachableHint,
} from "../../conformance/reporters/abort-text.js";
// Each from its own module, not the conformance index: one request loads no runner, check or reporter.
import { transportText } from "../../conformance/reporters/failure-text.js";
import { issueText } from "../../conformance/reporters/issue-text.js";
import { EXIT } from "../../conformance/run/exit-codes.js";
import { loadTarget } from "../../conformance/suite/target.js";
import { sendOne } from "../../conformance/transport/one-request.js";
import { usageError } from "../abort-exit.js";
import { fromOption } from "../option-file.js";
import { bundledTarget } from "../reference-server.js";
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
  if (!METHODS.includes(method))
    return usage(`METHOD is one of ${METHODS.join(", ")}, not ${JSON.stringify(args.method)}`);
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
  // §4.1–4.3 and §4.6: "Request body: none"; sent as given, for trying a server on it
  if ((method === "GET" || method === "HEAD") && (args.json !== undefined || pairs.length))
    err.write(
      `opensocial-kit request: note: §4 gives a ${method} no request body; the ${args.json !== undefined ? "--json" : "--form"} body is sent as given\n`,
    );
  const loaded = loadTarget(args.target ?? bundledTarget());
  if (!loaded.ok)
    return usage(
      issueText(args.target === undefined ? loaded.issues : fromOption("--target", loaded.issues)),
    );
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
    // A full URL is sent as it is: name its origin, not the target's.
    const where = /^https?:\/\//i.test(args.path) ? new URL(args.path).origin : target.baseUrl;
    err.write(
      `opensocial-kit request: no answer from ${where} (${transportText(r.transport)})${unreachableHint(r.transport, where)}\n`,
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
  if (status === 404 && repeatsApiPrefix(r.url))
    err.write(`opensocial-kit request: 404 for ${r.url.split("?")[0]}: ${REPEATED_PREFIX_HINT}\n`);
  return status >= 200 && status < 300 ? EXIT.OK : EXIT.FAILED;
}
