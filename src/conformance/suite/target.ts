/**
 * The target file: where the implementation listens, the two applications' credentials, which
 * user plays which role, and optionally the world it was loaded with (enabling exact-value
 * cases). Problems come back as data, to be reported with exit code 2.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parsePlatformId } from "../../model/ids.js";
import { ROLES } from "../case-types.js";
import type { AppCredentials } from "../request/signing.js";

/** A loaded target. */
export interface Target {
  readonly baseUrl: string;
  readonly apps: { readonly main: AppCredentials; readonly other?: AppCredentials };
  /** Role → platformUserId, for the roles the target names. */
  readonly users: Readonly<Record<string, string>>;
  /** Absolute path of the world file, when given. */
  readonly world?: string;
}

/** Result of loading or checking a target. */
export type TargetResult = { ok: true; target: Target } | { ok: false; problems: string[] };

function app(v: unknown, where: string, problems: string[]): AppCredentials | undefined {
  const a = v as Partial<AppCredentials> | undefined;
  if (
    !a ||
    typeof a.consumerKey !== "string" ||
    typeof a.consumerSecret !== "string" ||
    !a.consumerKey
  ) {
    problems.push(`${where}: needs consumerKey and consumerSecret strings`);
    return undefined;
  }
  return { consumerKey: a.consumerKey, consumerSecret: a.consumerSecret };
}

/** Checks parsed target data; `baseDir` resolves a relative `world` path. */
export function checkTarget(data: unknown, baseDir: string): TargetResult {
  const problems: string[] = [];
  if (data === null || typeof data !== "object" || Array.isArray(data))
    return { ok: false, problems: ["the target must be a JSON object"] };
  const t = data as Record<string, unknown>;
  for (const k of Object.keys(t))
    if (!["baseUrl", "apps", "users", "world", "$schema", "description"].includes(k))
      problems.push(`unknown member ${k}`);
  const baseUrl = typeof t.baseUrl === "string" ? t.baseUrl.replace(/\/+$/, "") : "";
  try {
    const u = new URL(baseUrl);
    if (u.protocol !== "http:" && u.protocol !== "https:")
      problems.push("baseUrl must be http or https");
    if (u.search || u.hash) problems.push("baseUrl must not have a query or fragment");
  } catch {
    problems.push("baseUrl must be an absolute URL");
  }
  const apps = (t.apps ?? {}) as Record<string, unknown>;
  const main = app(apps.main, "apps.main", problems);
  const other = apps.other === undefined ? undefined : app(apps.other, "apps.other", problems);
  const users: Record<string, string> = {};
  const u = (t.users ?? {}) as Record<string, unknown>;
  if (typeof u !== "object" || Array.isArray(u)) problems.push("users must be an object");
  for (const [role, id] of Object.entries(u)) {
    if (!(ROLES as readonly string[]).includes(role))
      problems.push(`users.${role}: unknown role (known: ${ROLES.join(", ")})`);
    else if (typeof id !== "string" || !parsePlatformId(id))
      problems.push(`users.${role}: must be a <namespace>:<value> id`);
    else users[role] = id;
  }
  if (users.viewer === undefined) problems.push("users.viewer is required");
  if (t.world !== undefined && typeof t.world !== "string") problems.push("world must be a path");
  if (problems.length || !main) return { ok: false, problems };
  const target: Target = {
    baseUrl,
    apps: other ? { main, other } : { main },
    users,
    ...(typeof t.world === "string" ? { world: resolve(baseDir, t.world) } : {}),
  };
  return { ok: true, target };
}

/** Reads and checks a target file. */
export function loadTarget(file: string): TargetResult {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    return { ok: false, problems: [`${file}: ${(e as Error).message}`] };
  }
  const r = checkTarget(data, dirname(resolve(file)));
  return r.ok ? r : { ok: false, problems: r.problems.map((p) => `${file}: ${p}`) };
}
