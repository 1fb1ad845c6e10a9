/**
 * A throwaway PostgreSQL cluster for tests (issue 12 §3: real PostgreSQL, never a mock):
 * `initdb` and `pg_ctl` from Debian's packages (/usr/lib/postgresql/<version>/bin, the newest
 * version found) on a temporary directory, listening only on a unix socket in that directory.
 * As root (CI), the cluster runs as the `postgres` user (initdb refuses root) on a directory
 * that user owns. If PostgreSQL cannot start, this throws with a clear message: the suite fails,
 * it is never skipped.
 */
import { execFile, execFileSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/** A running cluster. */
export interface PgCluster {
  /** The data directory; the unix socket is in it too. */
  readonly dir: string;
  /** A `postgres://` URL of database `db` on this cluster (socket host, user postgres). */
  url(db?: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** `pg_ctl restart` (`-m immediate` is a crash: recovery on start). */
  restart(mode?: "fast" | "immediate"): void;
  /** The same without blocking this process (servers in it keep answering meanwhile). */
  restartAsync(mode?: "fast" | "immediate"): Promise<void>;
  stop(mode?: "fast" | "immediate"): void;
  start(): void;
  /** Stops the server and removes the directory. */
  remove(): void;
}

const ROOT = "/usr/lib/postgresql";

/** The bin directory of the newest installed PostgreSQL (Debian layout). */
export function pgBinDir(): string {
  const versions = existsSync(ROOT)
    ? readdirSync(ROOT)
        .filter((v) => /^[0-9]+$/.test(v) && existsSync(join(ROOT, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const v = versions[0];
  if (v === undefined)
    throw new Error(
      `PostgreSQL is not installed (no ${ROOT}/<version>/bin/initdb): install Debian's postgresql package (.ci/run does) to run the PostgreSQL store tests`,
    );
  return join(ROOT, v, "bin");
}

let dbCount = 0;

/** Starts a new cluster in a fresh temporary directory. */
export function startCluster(): PgCluster {
  const bin = pgBinDir();
  const asRoot = process.getuid?.() === 0;
  // As root, /tmp rather than $TMPDIR: the postgres user must reach the directory, and the
  // socket path must stay short (107 bytes).
  const dir = mkdtempSync(join(asRoot ? "/tmp" : tmpdir(), "osk-pg-"));
  const data = join(dir, "data");
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot
      ? ["runuser", ["-u", "postgres", "--", join(bin, tool), ...args]]
      : [join(bin, tool), args];
  const run = (tool: string, args: string[]): void => {
    const [cmd, argv] = command(tool, args);
    try {
      execFileSync(cmd, argv, { stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
    } catch (e) {
      const err = e as { stderr?: Buffer; stdout?: Buffer; message: string };
      throw new Error(
        `PostgreSQL test cluster: ${tool} ${args.join(" ")} failed: ${err.message}\n${err.stdout ?? ""}${err.stderr ?? ""}`,
      );
    }
  };
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  // fsync off: the tests kill server instances and restart PostgreSQL, never the machine, so
  // committed data is in the OS cache either way; on a shared machine this saves a lot.
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  const opts = `-c listen_addresses='' -c unix_socket_directories='${dir}' -c fsync=off -c max_connections=200 -c full_page_writes=off`;
  const start = (): void =>
    run("pg_ctl", ["-D", data, "-o", opts, "-l", join(dir, "log"), "-w", "-t", "60", "start"]);
  const stopArgs = (mode: string): string[] => ["-D", data, "-m", mode, "-w", "-t", "60", "stop"];
  const stop = (mode: "fast" | "immediate" = "fast"): void => run("pg_ctl", stopArgs(mode));
  start();
  const url = (db = "postgres"): string =>
    `postgres://postgres@${encodeURIComponent(dir)}/${encodeURIComponent(db)}`;
  return {
    dir,
    url,
    async createDatabase(name) {
      const db = name ?? `osk_${process.pid}_${dbCount++}`;
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${db}"`);
      } finally {
        await client.end();
      }
      return url(db);
    },
    restart(mode = "fast") {
      stop(mode);
      start();
    },
    restartAsync(mode = "fast") {
      const [cmd, argv] = command("pg_ctl", [
        "-D",
        data,
        "-m",
        mode,
        "-o",
        opts,
        "-l",
        join(dir, "log"),
        "-w",
        "-t",
        "60",
        "restart",
      ]);
      return new Promise((resolve, reject) =>
        execFile(cmd, argv, { timeout: 60_000 }, (e, _out, err) =>
          e
            ? reject(new Error(`PostgreSQL test cluster: restart failed: ${e.message}\n${err}`))
            : resolve(),
        ),
      );
    },
    stop,
    start,
    remove() {
      try {
        stop("immediate");
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
