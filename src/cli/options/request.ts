/**
 * `request` as help shows them; the action, commands/request.ts, loads when it runs (commands.ts).
 */
import { ROLES } from "../../conformance/case-types.js";
import { defineCommand } from "../command-definition.js";
import { timeoutOption } from "../exchange-limits-options.js";

/** `request`: its options and its action. */
export const requestDefinition = defineCommand(
  {
    positionals: [
      { name: "method", describe: "GET, HEAD, POST, PUT or DELETE" },
      {
        name: "path",
        describe: "/os/0.8/… with any query, a path relative to /os/0.8/, or a full http(s):// URL",
      },
    ],
    options: {
      json: { type: "string", describe: "JSON body (Content-Type application/json)" },
      form: {
        type: "array",
        describe: "Form body pair k=v (repeatable; signed as OAuth parameters)",
      },
      as: {
        type: "string",
        choices: [...ROLES],
        default: "viewer",
        describe: "Role whose user is the viewer (xoauth_requestor_id)",
      },
      app: {
        type: "string",
        choices: ["main", "other"],
        default: "main",
        describe: "Which app of the target signs",
      },
      target: {
        type: "string",
        describe: "Target file (default: the bundled fixtures/target.json, http://127.0.0.1:8080)",
      },
      "base-url": { type: "string", describe: "Base URL, overriding the target's" },
      include: {
        alias: "i",
        type: "boolean",
        default: false,
        describe: "Print the status line and response headers on stdout before the body",
      },
      timeout: timeoutOption,
    },
    examples: [
      ["$0 request GET /os/0.8/people/@me/@self", "the viewer's profile (alice)"],
      [
        "$0 request GET 'people/@me/@friends?fields=gender&filterBy=hasApp'",
        "friends who use the app (a path without / is under /os/0.8/)",
      ],
      [
        `$0 request POST /os/0.8/appdata/@me/@self/@app --json '{"score":"10"}'`,
        "write application data",
      ],
      [
        "$0 request POST appdata/@me/@self/@app --form score=10 --form level=2",
        "the same as a signed form body",
      ],
      [
        "$0 request GET appdata/@me/@friends/@app --as friend -i",
        "as bob (the friend role), with the status and headers",
      ],
      [
        "$0 request GET people/@me/@self --app other",
        "signed by the second app (notes, which alice uses)",
      ],
      [
        "$0 request GET http://127.0.0.1:8080/os/0.8/albums/@me/@self",
        "a full URL is sent as it is, signed for itself",
      ],
      [
        "$0 request GET people/@me/@self --target my-target.json",
        "your own server, with its apps and users",
      ],
    ],
    epilogue:
      "Start the sandbox first: opensocial-kit serve. Exit codes: 0 a 2xx answer; 1 any other status; 2 usage or target-file error; 3 no answer (unreachable, timeout). The status line goes to stderr (stdout carries only the body, ready for jq) unless -i.",
  },
  async (argv) =>
    (await import("../commands/request.js")).requestCommand({
      method: argv.method,
      path: argv.path,
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
