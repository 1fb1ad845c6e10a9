/**
 * `--target` / `--base-url` as `run`, `fuzz` and `diff` read them: a target file (default
 * fixtures/target.json), a base URL that overrides its `baseUrl`, or neither: the reference
 * server started in-process with the bundled world (only the CLI imports the server).
 */

import { issueText } from "../../conformance/reporters/issue-text.js";
import { loadTarget, type Target } from "../../conformance/suite/target.js";
import { apiUrlProblem } from "../../wire/http-url.js";
import { fromOption } from "../option-file.js";
import { bundledTarget, startReferenceServer } from "../reference-server.js";
import type { TextSink } from "../text-sink.js";

/** A resolved target, and how to stop the server started for it (if any). */
interface ResolvedTarget {
  readonly target: Target;
  readonly stop?: () => Promise<void>;
}

/** `target` at `--base-url baseUrl`, or why it cannot go there. */
export function withBaseUrl(target: Target, baseUrl: string): Target | string {
  const problem = apiUrlProblem(baseUrl);
  if (problem !== undefined) return `--base-url ${problem}`;
  return { ...target, baseUrl: baseUrl.replace(/\/+$/, "") };
}

/** Resolves the options to a target; a problem comes back as text (exit 2). */
export async function resolveTarget(
  opts: { target?: string | undefined; baseUrl?: string | undefined },
  command: string,
  err: TextSink,
): Promise<ResolvedTarget | string> {
  const loaded = loadTarget(opts.target ?? bundledTarget());
  if (!loaded.ok)
    return issueText(
      opts.target === undefined ? loaded.issues : fromOption("--target", loaded.issues),
    );
  if (opts.baseUrl !== undefined) {
    const moved = withBaseUrl(loaded.value, opts.baseUrl);
    return typeof moved === "string" ? moved : { target: moved };
  }
  if (opts.target !== undefined) return { target: loaded.value };
  const started = await startReferenceServer();
  if (typeof started === "string") return started;
  err.write(`opensocial-kit ${command}: started the reference server at ${started.url}\n`);
  return { target: { ...loaded.value, baseUrl: started.url }, stop: started.stop };
}
