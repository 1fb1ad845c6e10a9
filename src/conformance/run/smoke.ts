/**
 * The smoke request: one signed read of the viewer's own profile before any case runs, so that
 * an unreachable target, refused credentials, a redirect or any other answer than 200 end the
 * run at once (the CLI exits 3) instead of failing every case. A refusal is a coded record; the
 * words are reporters/abort-text.ts's.
 */

import { KitError } from "../../model/kit-error.js";
import { percentEncode } from "../../oauth/index.js";
import { buildRequest } from "../request/request-build.js";
import type { TargetWarning } from "../suite/target.js";
import { type ClientLimits, DEFAULT_LIMITS } from "../transport/client-limits.js";
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
  /** Any other status; `url` the smoke request's, its viewer a placeholder. */
  | { readonly code: "smoke-status"; readonly status: number; readonly url: string };

/**
 * The smoke requests read up to the default answer cap even when the run's is smaller: a viewer's
 * profile over a cap set for the cases is not an unreachable target.
 */
function smokeLimits(env: Pick<CaseEnv, "limits">): ClientLimits {
  return {
    ...env.limits,
    maxBodyBytes: Math.max(env.limits.maxBodyBytes, DEFAULT_LIMITS.maxBodyBytes),
  };
}

/** The path the smoke request reads, before its role is filled. */
const SMOKE_PATH = "/os/0.8/people/{viewer}/@self";

/**
 * The target's clock less this machine's, in whole seconds, from an answer's `Date` (RFC 9110
 * §6.6.1: the origin's clock, to the second) received at `receivedMs`; 0 without a readable
 * `Date` or within 2 s (the header's resolution and the round trip).
 */
export function clockOffsetS(date: string | undefined, receivedMs: number): number {
  const serverMs = date === undefined ? Number.NaN : Date.parse(date);
  if (Number.isNaN(serverMs)) return 0;
  const offset = Math.round((serverMs - receivedMs) / 1000);
  return Math.abs(offset) <= 2 ? 0 : offset;
}

/**
 * `undefined` when the target answers the viewer's profile with 200; otherwise why not. On a
 * 200, `clock` (when given) takes the target's clock offset (clockOffsetS), which the run's
 * timestamps follow: P-AUTH-3.6 judges them by the server clock.
 */
export async function smoke(
  env: CaseEnv,
  clock?: { offsetS: number },
): Promise<SmokeRefusal | undefined> {
  const first = await smokeOnce(env, clock);
  // refused, and the target's clock is not the one signed with: sign again by the target's
  // (a runner whose clock is off by more than P-AUTH-3.6's window)
  if (first.refusal?.code !== "smoke-credentials-refused" || !clock) return first.refusal;
  if (first.offsetS === undefined || first.offsetS === clock.offsetS) return first.refusal;
  clock.offsetS = first.offsetS;
  return (await smokeOnce(env, clock)).refusal;
}

/**
 * The warning `other-app-refused` when the smoke request signed with `apps.other` gets 400 or 401
 * (credentials refused, P-AUTH-3) once `apps.main`'s got 200; undefined when it got anything else
 * or the target names no other app. A 403 (a viewer without the app, P-AUTH-5) is left to the
 * cases, and so is every verdict (suite/target.ts says why).
 */
export async function otherAppWarning(env: CaseEnv): Promise<TargetWarning | undefined> {
  const other = env.apps.other;
  if (!other) return undefined;
  const built = buildRequest(
    { method: "GET", path: SMOKE_PATH, app: "other" },
    { users: env.users, namespace: env.namespace, unique: "smoke-other", captures: new Map() },
    env,
  );
  if (!built.ok) throw new KitError("OSK_CASE_UNBUILDABLE", `smoke: ${built.problem.code}`);
  const x = await env.client.send(built.value.wire, smokeLimits(env));
  if (!x.ok || (x.response.status !== 400 && x.response.status !== 401)) return undefined;
  return {
    code: "other-app-refused",
    consumerKey: other.consumerKey,
    status: x.response.status,
    keyEncoded: percentEncode(other.consumerSecret) !== other.consumerSecret,
  };
}

/** One smoke request: its refusal, if any, and the target's clock offset its answer shows. */
async function smokeOnce(
  env: CaseEnv,
  clock: { offsetS: number } | undefined,
): Promise<{ refusal?: SmokeRefusal; offsetS?: number }> {
  const built = buildRequest(
    { method: "GET", path: SMOKE_PATH },
    { users: env.users, namespace: env.namespace, unique: "smoke", captures: new Map() },
    env,
  );
  // A loaded target has a viewer and a main app (suite/target.ts): the request is always made.
  if (!built.ok) throw new KitError("OSK_CASE_UNBUILDABLE", `smoke: ${built.problem.code}`);
  const x = await env.client.send(built.value.wire, smokeLimits(env));
  if (!x.ok)
    return { refusal: { code: "smoke-unreachable", origin: env.origin, transport: x.error } };
  const offsetS = clockOffsetS(x.response.headers.date, Date.now());
  const status = x.response.status;
  if (status === 200) {
    if (clock) clock.offsetS = offsetS;
    return {};
  }
  if (status === 400 || status === 401 || status === 403)
    return { refusal: { code: "smoke-credentials-refused", path: SMOKE_PATH, status }, offsetS };
  if (status >= 300 && status < 400) {
    const location = x.response.headers.location;
    return { refusal: { code: "smoke-redirected", status, ...(location ? { location } : {}) } };
  }
  return { refusal: { code: "smoke-status", status, url: `${env.origin}${SMOKE_PATH}` } };
}
