/**
 * PostgreSQL {@link AppDataStore} for several stateless server instances over one
 * database (node-postgres, a pool per instance). Nothing is cached: every read asks the
 * database, so an instance sees what the others wrote. The schema is migrated at start
 * (`postgres-schema.ts`). Writes and nonce claims are grouped (`postgres-batches.ts`): those
 * that arrive while a batch of their kind is in flight go together in the next, one statement
 * in one transaction. A write is acknowledged once that has committed (P-DATA-4), with the
 * record limit (P-DATA-7) checked for each under a lock per (application, user). Nonces
 * (P-AUTH-3) are shared through the same database, claims committed asynchronously (no wait on
 * a WAL flush: see migration 2 in `postgres-schema.ts`).
 *
 * A database that does not answer (down, restarting, unreachable) surfaces as a
 * `OperationalError("OSK_STORE_UNAVAILABLE")`, which the server answers 503; the pool reconnects by
 * itself once the database is back.
 */
import type pg from "pg";
import { KitError } from "../../model/kit-error.js";
import { RECORD_LIMITS, TIMESTAMP_WINDOW_S } from "../../model/limits.js";
import { OperationalError } from "../../model/operational-error.js";
import { excerpt } from "../../model/quote.js";
import type { NonceStore } from "../auth/nonce-store.js";
import { loadDriver } from "./drivers.js";
import { batcher } from "./postgres-batches.js";
import { migrate } from "./postgres-schema.js";
import type { AppDataMap, AppDataStore, WriteResult } from "./types.js";

/** True for `postgres://…` and `postgresql://…` locations. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(location);
}

/**
 * `location` with any password replaced by `***`, for messages and logs: the one in the user
 * information and the `password` and `sslpassword` parameters of the query, which
 * node-postgres and libpq also read.
 */
export function redactUrl(location: string): string {
  if (!isPostgresUrl(location)) return location;
  return location
    .replace(/^(postgres(?:ql)?:\/\/[^:/@?#]*):[^@/?#]*@/i, "$1:***@")
    .replace(/([?&](?:ssl)?password=)[^&#]*/gi, "$1***");
}

/**
 * True when `e` means "the database cannot serve us" rather than "this query is wrong": an
 * error the server did not send (a socket's EPIPE or ECONNRESET, a connection timeout), or one
 * it sent with a SQLSTATE of class 08 connection exception, 53 insufficient resources, 57
 * operator intervention (shutdown, starting up) or 58 system error; or a deployment the
 * database refuses: class 28 (a password or role refused, as after a password rotation), 3D (no
 * such database) and 42501 (a privilege withheld). Told apart by type, not by the code's
 * shape: `EPIPE` has five capital letters as a SQLSTATE does.
 */
export function isUnavailable(e: unknown): boolean {
  if (e instanceof KitError || e instanceof OperationalError) return false;
  if (!(e instanceof loadDriver("pg").DatabaseError)) return true;
  return /^(08|53|57|58|28|3D|42501)/.test(e.code ?? "");
}

/** Most clients in one instance's pool. */
const POOL_MAX = 10;
/** Seconds between two sweeps of expired nonces by one instance. */
const NONCE_SWEEP_S = 60;

/** Opens a pool on `url` (no connection yet: the first operation migrates the schema). */
export function postgresStore(url: string): AppDataStore {
  const where = excerpt(redactUrl(url));
  const { Pool } = loadDriver("pg");
  let pool: pg.Pool;
  try {
    pool = new Pool({
      connectionString: url,
      max: POOL_MAX,
      connectionTimeoutMillis: 5_000,
      application_name: "opensocial-kit",
    });
  } catch (e) {
    throw new OperationalError("OSK_STORE_UNAVAILABLE", `${where}: ${(e as Error).message}`);
  }
  // An idle client whose server went away (restart, failover) is dropped; the next query
  // connects again.
  pool.on("error", () => {});
  const fail = (e: unknown): never => {
    if (isUnavailable(e))
      throw new OperationalError("OSK_STORE_UNAVAILABLE", `${where}: ${(e as Error).message}`);
    throw e;
  };
  let ready = false;
  let migrating: Promise<void> | undefined;
  // A failed migration (database down at start) is tried again by the next operation.
  const ensureReady = (): Promise<void> => {
    if (ready) return Promise.resolve();
    migrating ??= migrate(pool)
      .then(() => {
        ready = true;
      }, fail)
      .finally(() => {
        migrating = undefined;
      });
    return migrating;
  };
  const query = async <R extends pg.QueryResultRow>(
    config: pg.QueryConfig,
  ): Promise<pg.QueryResult<R>> => {
    if (!ready) await ensureReady();
    return pool.query<R>(config).catch(fail);
  };
  const readSql = "SELECT key, value FROM osk_appdata WHERE app = $1 AND usr = $2 ORDER BY seq";
  const readKeysSql =
    "SELECT key, value FROM osk_appdata WHERE app = $1 AND usr = $2 AND key = ANY($3::text[]) ORDER BY seq";
  const upsertSql =
    "INSERT INTO osk_appdata (app, usr, key, value) SELECT $1, $2, t.k, t.v FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS t(k, v, i) ORDER BY t.i ON CONFLICT (app, usr, key) DO UPDATE SET value = EXCLUDED.value";
  /** Keys and values of `pairs`, a repeated key keeping its first position and last value. */
  const columns = (pairs: Iterable<readonly [string, string]>): [string[], string[]] => {
    const merged = new Map<string, string>();
    for (const [k, v] of pairs) merged.set(k, v);
    return [[...merged.keys()], [...merged.values()]];
  };
  // A batch that failed because the database does not answer is not sent again one by one:
  // each attempt would wait for a connection in turn (OSK_STORE_UNAVAILABLE, 503, at once).
  const retryAlone = (e: unknown) => !(e instanceof OperationalError);
  /** The outcomes a batch statement answers (its one row's boolean[] column `outcomes`). */
  const outcomes = async (config: pg.QueryConfig): Promise<boolean[]> =>
    (await query<{ outcomes: boolean[] }>(config)).rows[0]?.outcomes ?? [];
  // Group commit (postgres-batches.ts): the claims waiting on a batch in flight share the
  // next batch's statement and transaction.
  const claims = batcher<
    { consumerKey: string; nonce: string; expiresS: number; nowS: number },
    boolean
  >(
    (batch) =>
      outcomes({
        name: "osk_nonce_claims",
        text: "SELECT osk_claim_nonces($1::text[], $2::text[], $3::bigint[], $4::bigint[]) AS outcomes",
        values: [
          batch.map((c) => c.consumerKey),
          batch.map((c) => c.nonce),
          batch.map((c) => c.expiresS),
          batch.map((c) => c.nowS),
        ],
      }),
    { retryAlone },
  );
  let sweptAt = 0;
  const nonces: NonceStore = {
    async claim(consumerKey, nonce, timestampS, nowMs) {
      const nowS = Math.floor(nowMs / 1000);
      if (nowS - sweptAt >= NONCE_SWEEP_S) {
        sweptAt = nowS;
        query({
          name: "osk_nonce_sweep",
          text: "DELETE FROM osk_nonces WHERE expires_at < $1",
          values: [nowS],
        }).catch(() => {}); // best effort: an unswept nonce is only an expired row
      }
      // A pair seen before is taken again only once its expiry has passed (P-AUTH-3).
      // Committed asynchronously (postgres-schema.ts, migration 2), in a batch of claims.
      return claims.run({ consumerKey, nonce, expiresS: timestampS + TIMESTAMP_WINDOW_S, nowS });
    },
  };
  // Group commit (postgres-batches.ts): the writes waiting on a batch in flight share the next
  // batch's statement and its durable commit.
  const writes = batcher<{ app: string; user: string; keys: string[]; values: string[] }, boolean>(
    (batch) =>
      outcomes({
        name: "osk_write_batch",
        text: "SELECT osk_write_batch($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6, $7) AS outcomes",
        values: [
          batch.map((w) => w.app),
          batch.map((w) => w.user),
          batch.map((w) => w.keys.length),
          batch.flatMap((w) => w.keys),
          batch.flatMap((w) => w.values),
          RECORD_LIMITS.maxKeys,
          RECORD_LIMITS.maxBytes,
        ],
      }),
    {
      charsOf: (w) =>
        w.keys.reduce((n, k) => n + k.length, 0) + w.values.reduce((n, v) => n + v.length, 0),
      retryAlone,
    },
  );
  let closed = false;
  return {
    volatile: false,
    nonces,
    async read(app, user, keys): Promise<AppDataMap> {
      const r = await query<{ key: string; value: string }>(
        keys === undefined
          ? { name: "osk_read", text: readSql, values: [app, user] }
          : { name: "osk_read_keys", text: readKeysSql, values: [app, user, keys] },
      );
      const rec = new Map<string, string>();
      for (const row of r.rows) rec.set(row.key, row.value);
      return rec;
    },
    async write(app, user, pairs): Promise<WriteResult> {
      const [keys, values] = columns(pairs);
      return (await writes.run({ app, user, keys, values })) ? "written" : "over-limit";
    },
    async delete(app, user, keys) {
      await query(
        keys === undefined
          ? {
              name: "osk_delete_all",
              text: "DELETE FROM osk_appdata WHERE app = $1 AND usr = $2",
              values: [app, user],
            }
          : {
              name: "osk_delete_keys",
              text: "DELETE FROM osk_appdata WHERE app = $1 AND usr = $2 AND key = ANY($3::text[])",
              values: [app, user, keys],
            },
      );
    },
    async seedOnce(seed) {
      await ensureReady();
      const client = await pool.connect().catch(fail);
      let failure: Error | undefined;
      try {
        await client.query("BEGIN");
        // Instances starting at once: the second waits on the first's row, then finds it.
        const mark = await client.query(
          "INSERT INTO osk_meta (name, value) VALUES ('seeded', '1') ON CONFLICT DO NOTHING",
        );
        if (mark.rowCount === 1)
          for (const [app, users] of Object.entries(seed))
            for (const [user, record] of Object.entries(users))
              await client.query(upsertSql, [app, user, ...columns(Object.entries(record))]);
        await client.query("COMMIT");
      } catch (e) {
        failure = e as Error;
        await client.query("ROLLBACK").catch(() => {});
        fail(e);
      } finally {
        client.release(failure);
      }
    },
    async ping() {
      if (closed) throw new OperationalError("OSK_STORE_UNAVAILABLE", `${where}: closed`);
      await query({ text: "SELECT 1" });
    },
    async close() {
      if (closed) return;
      closed = true;
      await migrating?.catch(() => {});
      await writes.idle();
      await claims.idle();
      await pool.end();
    },
  };
}
