/**
 * The smoke request: one signed read of the viewer's own profile before any case runs, so that
 * an unreachable target, refused credentials, a redirect or any other answer than 200 end the
 * run at once (the CLI exits 3) instead of failing every case. A refusal is a coded record; the
 * words are reporters/abort-text.ts's.
 */

import { KitError } from "../../model/kit-error.js";
import { percentEncode } from "../../oauth/index.js";
import { buildRequest } from "../request/request-build.js";
import { clockOffsetS, type TargetClock } from "../request/target-clock.js";
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
export function smokeLimits(env: Pick<CaseEnv, "limits">): ClientLimits {
  return {
    ...env.limits,
    maxBodyBytes: Math.max(env.limits.maxBodyBytes, DEFAULT_LIMITS.maxBodyBytes),
  };
}

/** The path the smoke request reads, before its role is filled. */
const SMOKE_PATH = "/os/0.8/people/{viewer}/@self";

/** One smoke request's outcome: its refusal, if any, and the target's clock offset its answer shows. */
interface SmokeOutcome {
  readonly refusal?: SmokeRefusal;
  readonly offsetS?: number;
}

/**
 * Runs a smoke request (`once`, which signs by `clock`) and, when its credentials were refused
 * and the answer shows another clock, runs it again signed by the target's: a runner whose clock
 * is off by more than P-AUTH-3.6's window. Once the target has answered without refusal, `clock`
 * holds the offset that answer shows, which the timestamps that follow use.
 */
export async function smokeByTargetClock(
  clock: TargetClock,
  once: () => Promise<SmokeOutcome>,
): Promise<SmokeRefusal | undefined> {
  let outcome = await once();
  if (
    outcome.refusal?.code === "smoke-credentials-refused" &&
    outcome.offsetS !== undefined &&
    outcome.offsetS !== clock.offsetS
  ) {
    clock.offsetS = outcome.offsetS;
    outcome = await once();
  }
  if (!outcome.refusal && outcome.offsetS !== undefined) clock.offsetS = outcome.offsetS;
  return outcome.refusal;
}

/**
 * `undefined` when the target answers the viewer's profile with 200; otherwise why not. With a
 * `clock`, which `env`'s timestamps follow, the request is signed by the target's clock
 * (smokeByTargetClock).
 */
export async function smoke(env: CaseEnv, clock?: TargetClock): Promise<SmokeRefusal | undefined> {
  return clock ? smokeByTargetClock(clock, () => smokeOnce(env)) : (await smokeOnce(env)).refusal;
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
async function smokeOnce(env: CaseEnv): Promise<SmokeOutcome> {
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
  if (status === 200) return { offsetS };
  if (status === 400 || status === 401 || status === 403)
    return { refusal: { code: "smoke-credentials-refused", path: SMOKE_PATH, status }, offsetS };
  if (status >= 300 && status < 400) {
    const location = x.response.headers.location;
    return { refusal: { code: "smoke-redirected", status, ...(location ? { location } : {}) } };
  }
  return { refusal: { code: "smoke-status", status, url: `${env.origin}${SMOKE_PATH}` } };
}
