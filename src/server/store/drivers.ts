/**
 * The store drivers, loaded when a store of theirs is opened. better-sqlite3 (a native module,
 * built or downloaded at install) and pg are optional dependencies: installing the package never
 * fails on them, and code that uses the codecs, the runner or the in-memory store never loads
 * them. A driver that is not installed, or a better-sqlite3 without its native module, is a
 * store that cannot be opened (`OSK_STORE_UNAVAILABLE`), in words that say what to install.
 */
import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";
import type pg from "pg";
import { OperationalError } from "../../model/operational-error.js";

/** The driver modules, by package name. */
interface Drivers {
  readonly "better-sqlite3": typeof BetterSqlite3;
  readonly pg: typeof pg;
}

/** The store each driver serves, and the stores that work without it. */
const SERVES: Record<keyof Drivers, { store: string; otherwise: string }> = {
  "better-sqlite3": { store: "the SQLite store", otherwise: ":memory: or a postgres:// URL" },
  pg: { store: "the PostgreSQL store", otherwise: "a SQLite file or :memory:" },
};

const requireHere = createRequire(import.meta.url);

/** True when `e` is Node's "cannot find" for the package `name` itself (not for one it needs). */
function isMissing(e: unknown, name: string): boolean {
  const x = e as { code?: unknown; message?: unknown };
  return (
    x.code === "MODULE_NOT_FOUND" &&
    typeof x.message === "string" &&
    x.message.startsWith(`Cannot find module '${name}'`)
  );
}

/** The driver `name`, loaded on first use (Node caches it); a missing one throws `OSK_STORE_UNAVAILABLE`. */
export function loadDriver<N extends keyof Drivers>(name: N): Drivers[N] {
  try {
    return requireHere(name) as Drivers[N];
  } catch (e) {
    if (!isMissing(e, name)) throw e;
    throw new OperationalError(
      "OSK_STORE_UNAVAILABLE",
      `${name} is not installed (an optional dependency of opensocial-kit, needed for ${SERVES[name].store}): install it with \`npm install ${name}\`, or use ${SERVES[name].otherwise}`,
    );
  }
}

/**
 * True when better-sqlite3's error `e` says its native module was not found: the package was
 * installed with `--ignore-scripts`, or its build failed and left it in place.
 */
export function isMissingSqliteBinding(e: unknown): boolean {
  const message = (e as { message?: unknown }).message;
  return typeof message === "string" && message.startsWith("Could not locate the bindings file");
}

/** The words for {@link isMissingSqliteBinding}: what to run. */
export const MISSING_SQLITE_BINDING =
  "better-sqlite3 is installed without its native module (installed with --ignore-scripts, or its build failed); build it with `npm rebuild better-sqlite3`, which needs Python, make and a C++ compiler when no prebuilt module can be downloaded, or use :memory: or a postgres:// URL";
