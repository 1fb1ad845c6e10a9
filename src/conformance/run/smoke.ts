/**
 * The smoke request: one signed read of the viewer's own profile before any case runs, so that
 * an unreachable target, refused credentials, a redirect or any other answer than 200 end the
 * run at once (the CLI exits 3) instead of failing every case. A refusal is a coded record; the
 * words are reporters/abort-text.ts's.
 */

import { KitError } from "../../model/kit-error.js";
import { buildRequest } from "../request/request-build.js";
import type { TransportError } from "../transport/http-client.js";
import type { CaseEnv } from "./run-case.js";

/** Why the smoke request did not get 200. */
export type SmokeRefusal =
  /** No answer: the transport's record. */
  | {
      readonly code: "smoke-unreachable";
      readonly origin: string;
      readonly transport: TransportError;
    }
  /** 400, 401 or 403: the target file's credentials (apps.main, users.viewer) are refused. */
  | { readonly code: "smoke-credentials-refused"; readonly path: string; readonly status: number }
  /**
   * A redirect: nearly always a base URL that is not the service's (http:// for an
   * https:// service, a missing path prefix). It is not followed: the signature names the URL
   * (P-AUTH-7).
   */
  | { readonly code: "smoke-redirected"; readonly status: number; readonly location?: string }
  /** Any other status. */
  | { readonly code: "smoke-status"; readonly status: number };

/** The path the smoke request reads, before its role is filled. */
const SMOKE_PATH = "/os/0.8/people/{viewer}/@self";

/** `undefined` when the target answers the viewer's profile with 200; otherwise why not. */
export async function smoke(env: CaseEnv): Promise<SmokeRefusal | undefined> {
  const built = buildRequest(
    { method: "GET", path: SMOKE_PATH },
    { users: env.users, namespace: env.namespace, unique: "smoke", captures: new Map() },
    env,
  );
  // A loaded target has a viewer and a main app (suite/target.ts): the request is always made.
  if (!built.ok) throw new KitError("OSK_CASE_UNBUILDABLE", `smoke: ${built.problem.code}`);
  const x = await env.client.send(built.value.wire, env.limits);
  if (!x.ok) return { code: "smoke-unreachable", origin: env.origin, transport: x.error };
  const status = x.response.status;
  if (status === 200) return undefined;
  if (status === 400 || status === 401 || status === 403)
    return { code: "smoke-credentials-refused", path: SMOKE_PATH, status };
  if (status >= 300 && status < 400) {
    const location = x.response.headers.location;
    return { code: "smoke-redirected", status, ...(location ? { location } : {}) };
  }
  return { code: "smoke-status", status };
}
