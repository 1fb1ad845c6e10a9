/**
 * The target file: where the implementation listens, the two applications' credentials, which
 * user plays which role, and optionally the world it was loaded with (enabling exact-value
 * cases). Problems come back as `target-invalid` issues (pointer into the file), reported
 * with exit code 2. A user id need not have §2.1's `<namespace>:<value>` form (a deployment may
 * name its users `john.doe`): such ids are accepted with one warning, and the cases about §2.1
 * judge the form.
 */
import { dirname, resolve } from "node:path";
import { parsePlatformId } from "../../model/ids.js";
import { fail, type Issue, ok, type Result } from "../../model/issue.js";
import { childPointer } from "../../model/json-pointer.js";
import { apiUrlProblem } from "../../wire/http-url.js";
import { ROLES } from "../case-types.js";
import { readJsonFile } from "./json-file.js";
import { pathIdProblem } from "./path-ids.js";

/** Credentials of one application. */
export interface AppCredentials {
  readonly consumerKey: string;
  readonly consumerSecret: string;
}

/** What a target file may hold that the run goes on with, and its report says. */
export type TargetWarning =
  /** `id-form`: these users (role → id) are named outside §2.1's `<namespace>:<value>` form. */
  | { readonly code: "id-form"; readonly users: Readonly<Record<string, string>> }
  /**
   * `other-app-refused`: the smoke request signed with `apps.other` got this 400 or 401 while
   * `apps.main`'s got 200 (run/smoke.ts). The cases signing with it run and are judged as ever
   * (a server that percent-encodes the signing key wrongly refuses only this app, P-AUTH-1);
   * the report says that their failures may come from the target file. `keyEncoded`: the
   * secret holds characters the signing key percent-encodes (RFC 5849 §3.4.2).
   */
  | {
      readonly code: "other-app-refused";
      readonly consumerKey: string;
      readonly status: number;
      readonly keyEncoded: boolean;
    };

/** A loaded target. */
export interface Target {
  readonly baseUrl: string;
  readonly apps: { readonly main: AppCredentials; readonly other?: AppCredentials };
  /** Role → platformUserId, for the roles the target names. */
  readonly users: Readonly<Record<string, string>>;
  /** Absolute path of the world file, when given. */
  readonly world?: string;
  /** What the run goes on with and its report says (absent when nothing). */
  readonly warnings?: readonly TargetWarning[];
}

const bad = (pointer: string, message: string): Issue => ({
  code: "target-invalid",
  pointer,
  message,
});

/** The environment a target file's `{ "env": NAME }` credentials are read from. */
export type TargetEnv = Readonly<Record<string, string | undefined>>;

/**
 * A credential: a string, or `{ "env": "NAME" }`, the value of that environment variable, so that
 * a target file kept in a repository need not hold the secret (a CI job sets it from its own
 * secret store). Undefined, with an issue, when neither.
 */
function credential(
  v: unknown,
  pointer: string,
  env: TargetEnv,
  issues: Issue[],
): string | undefined {
  if (typeof v === "string") return v;
  const name = (v as { env?: unknown } | null)?.env;
  if (
    v === null ||
    typeof v !== "object" ||
    typeof name !== "string" ||
    Object.keys(v).length !== 1
  )
    return undefined;
  const value = env[name];
  if (value === undefined || value === "")
    issues.push(
      bad(pointer, `the environment variable ${name} is not set (it holds this credential)`),
    );
  return value || undefined;
}

function app(
  v: unknown,
  pointer: string,
  env: TargetEnv,
  issues: Issue[],
): AppCredentials | undefined {
  const a = (v ?? {}) as { consumerKey?: unknown; consumerSecret?: unknown };
  const before = issues.length;
  const consumerKey = credential(a.consumerKey, `${pointer}/consumerKey`, env, issues);
  const consumerSecret = credential(a.consumerSecret, `${pointer}/consumerSecret`, env, issues);
  if (issues.length > before) return undefined;
  if (
    !v ||
    typeof v !== "object" ||
    consumerKey === undefined ||
    consumerSecret === undefined ||
    !consumerKey
  ) {
    issues.push(
      bad(
        pointer,
        'needs consumerKey and consumerSecret, each a string or { "env": "NAME" } (an environment variable)',
      ),
    );
    return undefined;
  }
  return { consumerKey, consumerSecret };
}

/**
 * Checks parsed target data; `baseDir` resolves a relative `world` path, `env` (default: the
 * process's) gives credentials written `{ "env": "NAME" }`.
 */
export function checkTarget(
  data: unknown,
  baseDir: string,
  env: TargetEnv = process.env,
): Result<Target> {
  const issues: Issue[] = [];
  if (data === null || typeof data !== "object" || Array.isArray(data))
    return fail([bad("", "the target must be a JSON object")]);
  const t = data as Record<string, unknown>;
  for (const k of Object.keys(t))
    if (!["baseUrl", "apps", "users", "world", "$schema", "description"].includes(k))
      issues.push(bad(childPointer("", k), `unknown member ${k}`));
  const baseUrl = typeof t.baseUrl === "string" ? t.baseUrl.replace(/\/+$/, "") : "";
  const problem = apiUrlProblem(baseUrl);
  if (problem !== undefined) issues.push(bad("/baseUrl", `baseUrl ${problem}`));
  const apps = (t.apps ?? {}) as Record<string, unknown>;
  const main = app(apps.main, "/apps/main", env, issues);
  const other = apps.other === undefined ? undefined : app(apps.other, "/apps/other", env, issues);
  const users: Record<string, string> = {};
  const u = (t.users ?? {}) as Record<string, unknown>;
  if (typeof u !== "object" || Array.isArray(u))
    issues.push(bad("/users", "users must be an object"));
  for (const [role, id] of Object.entries(u)) {
    const at = childPointer("/users", role);
    const unsendable = typeof id === "string" ? pathIdProblem(id) : undefined;
    if (!(ROLES as readonly string[]).includes(role))
      issues.push(bad(at, `users.${role}: unknown role (known: ${ROLES.join(", ")})`));
    else if (typeof id !== "string" || id === "")
      issues.push(bad(at, `users.${role}: must be a user id (a non-empty string)`));
    else if (unsendable !== undefined)
      // the cases put ids in paths as written (/people/{viewer}/@self): one a path cannot
      // carry would fail every case as "unreachable", the file's fault and not the server's
      issues.push(bad(at, `users.${role}: ${unsendable}`));
    else {
      // Each role is a different person: a target naming bob as both friend and secondFriend
      // would fail cases for a reason that is the file's, not the server's.
      const same = Object.entries(users).find(([, other]) => other === id);
      if (same)
        issues.push(
          bad(
            at,
            `users.${role}: the same person as users.${same[0]}; each role names a different person`,
          ),
        );
      users[role] = id;
    }
  }
  // a viewer given but refused above has its own issue
  if (!Object.hasOwn(u, "viewer")) issues.push(bad("/users", "users.viewer is required"));
  if (t.world !== undefined && typeof t.world !== "string")
    issues.push(bad("/world", "world must be a path"));
  if (issues.length || !main) return fail(issues);
  const outside = Object.entries(users).filter(([, id]) => !parsePlatformId(id));
  return ok({
    baseUrl,
    apps: other ? { main, other } : { main },
    users,
    ...(typeof t.world === "string" ? { world: resolve(baseDir, t.world) } : {}),
    ...(outside.length
      ? { warnings: [{ code: "id-form", users: Object.fromEntries(outside) } as const] }
      : {}),
  });
}

/** Reads and checks a target file; each issue names the file. */
export function loadTarget(file: string, env: TargetEnv = process.env): Result<Target> {
  const read = readJsonFile(file, "target-invalid");
  if (!read.ok) return read;
  const r = checkTarget(read.value, dirname(resolve(file)), env);
  return r.ok ? r : fail(r.issues.map((i) => ({ ...i, file })));
}
