/** Probes of authentication (§5, P-AUTH-1..7): what must be refused 400, and what must be served. */
import { randomHex } from "../../../oauth/random-hex.js";
import type { AuthSpec } from "../../case-types.js";
import { expectRead } from "../expected.js";
import type { Probe } from "../ops.js";
import { type ProbeStep, SELF, selfRead, servedAsSelf } from "./probe-step.js";
import { refused } from "./step.js";

/** §5: invalid authentication is 400 (a 401, RFC 5849's answer, breaks §5 itself). */
const authRefused =
  (mode: AuthSpec["mode"], statement: string): ProbeStep =>
  async (run) => {
    await run.send(
      { method: "GET", path: SELF, auth: { mode } },
      { status: 400, statement, byStatus: { 401: "S-5-AUTH" } },
    );
  };

export const AUTH_PROBES = {
  "wrong-secret": authRefused("wrong-secret", "S-5-AUTH"),
  "bad-signature": authRefused("bad-signature", "S-5-AUTH"),
  unsigned: authRefused("none", "S-5-AUTH"),
  stale: authRefused("stale-timestamp", "P-AUTH-3"),
  replayed: authRefused("replayed-nonce", "P-AUTH-3"),
  "unknown-consumer": authRefused("unknown-consumer", "P-AUTH-3"),
  "unknown-requestor": async (run) => {
    await run.send(
      { method: "GET", path: SELF, as: `${run.world.namespace}:no-such-user-fz` },
      refused(400, "P-AUTH-3"),
    );
  },
  "nonce-other-app": async (run) => {
    // P-AUTH-3: a nonce is recorded per consumer key; another app may use the same one.
    const { world } = run;
    const nonce = `fz${Math.random().toString(36).slice(2, 14)}`;
    const first = await run.send(
      { method: "GET", path: SELF, nonce },
      { ...expectRead(world, run.data, selfRead(world)), statement: "P-AUTH-3" },
    );
    if (first.status === 200 && world.people.get(world.viewer)?.apps.includes(world.otherApp))
      await run.send(
        { method: "GET", path: SELF, nonce, app: "other" },
        { status: 200, statement: "P-AUTH-3" },
      );
  },
  token: async (run) => {
    // P-AUTH-3 (rev. 5): a non-empty oauth_token is refused.
    await run.send(
      { method: "GET", path: SELF, auth: { mode: "valid", protocol: { oauth_token: "fz" } } },
      refused(400, "P-AUTH-3"),
    );
  },
  // P-AUTH-3 (rev. 5): an empty oauth_token, which some libraries send, is ignored.
  "token-empty": (run) =>
    servedAsSelf(run, { auth: { mode: "valid", protocol: { oauth_token: "" } } }, "P-AUTH-3"),
  "param-twice": async (run) => {
    // P-AUTH-3 (rev. 5): a protocol parameter given twice with two values, both signed.
    await run.send(
      {
        method: "GET",
        path: SELF,
        rawQuery: `oauth_nonce=fz${randomHex(6)}`,
      },
      refused(400, "P-AUTH-3"),
    );
  },
  "nonce-retimed": async (run) => {
    // P-AUTH-3: the pair is consumer key and nonce; a new timestamp does not renew it.
    const { world } = run;
    const nonce = `fz${randomHex(9)}`;
    // one second earlier than the second request, by the target's clock (the wire's)
    const first = await run.send(
      { method: "GET", path: SELF, nonce, auth: { mode: "valid", skew: -1 } },
      { ...expectRead(world, run.data, selfRead(world)), statement: "P-AUTH-3" },
    );
    if (first.status === 200)
      await run.send({ method: "GET", path: SELF, nonce }, refused(400, "P-AUTH-3"));
  },
  "raw-key": (run) => servedAsSelf(run, { auth: { mode: "valid", key: "raw" } }, "P-AUTH-6"),
  "query-oauth": (run) =>
    servedAsSelf(run, { auth: { mode: "valid", placement: "query" } }, "P-AUTH-2"),
  http10: (run) => servedAsSelf(run, { http10: true }, "P-AUTH-6"),
} satisfies Partial<Record<Probe, ProbeStep>>;
