/**
 * A throwaway PostgreSQL cluster for tests (real PostgreSQL, never a mock):
 * `initdb` and `pg_ctl` from Debian's packages (/usr/lib/postgresql/<version>/bin, the newest
 * version found) on a temporary directory, listening only on a unix socket in that directory.
 * As root (CI), the cluster runs as the `postgres` user (initdb refuses root) on a directory
 * that user owns. If PostgreSQL cannot start, this throws with a clear message: the suite fails,
 * it is never skipped.
 */
import { execFile, execFileSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from "node:fs";
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
  /** CPU time (user + system, µs) of the server and its backends so far (Linux /proc). */
  cpuMicros(): number;
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
/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

/**
 * Starts a new cluster in a fresh temporary directory. `durable` keeps PostgreSQL's defaults
 * (fsync on, full page writes), for benchmarks that compare durable writes.
 */
export function startCluster(opts: { durable?: boolean } = {}): PgCluster {
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
  const fast = opts.durable ? "" : " -c fsync=off -c full_page_writes=off";
  const serverOpts = `-c listen_addresses='' -c unix_socket_directories='${dir}' -c max_connections=200${fast}`;
  const start = (): void =>
    run("pg_ctl", [
      "-D",
      data,
      "-o",
      serverOpts,
      "-l",
      join(dir, "log"),
      "-w",
      "-t",
      "60",
      "start",
    ]);
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
        serverOpts,
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
    cpuMicros() {
      const pid = Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
      const tick = 1e6 / CLOCK_TICKS;
      let total = 0;
      for (const entry of readdirSync("/proc")) {
        if (!/^[0-9]+$/.test(entry)) continue;
        let stat: string;
        try {
          stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        } catch {
          continue; // exited meanwhile
        }
        // fields after the command name: state ppid ... utime(14) stime(15) cutime(16) cstime(17)
        const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const own = Number(entry) === pid;
        if (!own && Number(f[1]) !== pid) continue;
        total += (Number(f[11]) + Number(f[12])) * tick;
        // the postmaster's waited-for children: backends that have exited
        if (own) total += (Number(f[13]) + Number(f[14])) * tick;
      }
      return total;
    },
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
