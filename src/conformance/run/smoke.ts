/**
 * The smoke request: one signed read of the viewer's own profile before any case runs, so that
 * an unreachable target, refused credentials, a redirect or any other answer than 200 end the
 * run at once (exit code 3) instead of failing every case.
 */

import { buildRequest } from "../request/request-build.js";
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
  // Issue 16: a redirect nearly always means the base URL is not the service's (http:// for an
  // https:// service, a missing path prefix). It is not followed: the signature names the URL
  // (P-AUTH-7), and no case has run, so it is exit 3 like the other smoke failures, not a verdict.
  if (s >= 300 && s < 400) {
    const location = x.response.headers.location;
    return `the smoke request was redirected (${s}${location ? ` to ${location}` : ""}); the runner does not follow redirects (a signature names one URL): give the base URL the service answers on`;
  }
  return `the smoke request answered ${s}`;
}
