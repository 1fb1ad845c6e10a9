/**
 * The smoke request: one signed read of the viewer's own profile before any case runs, so that
 * an unreachable target or refused credentials end the run at once (exit code 3) instead of
 * failing every case.
 */

import { buildRequest } from "./request-build.js";
import type { CaseEnv } from "./run-case.js";

/** `undefined` when the target answers the viewer's profile with 200; otherwise why not. */
export async function smoke(env: CaseEnv): Promise<string | undefined> {
  const built = buildRequest(
    { method: "GET", path: "/os/0.8/people/{viewer}/@self" },
    { users: env.users, namespace: env.namespace, unique: "smoke", captures: new Map() },
    env,
  );
  const x = await env.client.send(built.wire, env.limits);
  if (!x.ok)
    return `the target at ${env.origin} is unreachable (${x.error.code}: ${x.error.message})`;
  const s = x.response.status;
  if (s === 200) return undefined;
  if (s === 400 || s === 401 || s === 403)
    return `the target refused the smoke request's credentials (GET /os/0.8/people/{viewer}/@self answered ${s}); check apps.main and users.viewer`;
  return `the smoke request answered ${s}`;
}
