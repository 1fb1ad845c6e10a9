/**
 * The PostgreSQL schema of the application-data store, as numbered migrations.
 * `migrate` brings a database to the newest version inside one transaction that holds an
 * advisory lock, so that instances starting at once apply each migration exactly once; a
 * database already at the newest version is left as it is (idempotent), and one written by a
 * newer server is refused.
 */
import type pg from "pg";
import { OperationalError } from "../../model/operational-error.js";

/** SQLSTATE raised by `osk_write` when a record would cross RECORD_LIMITS (P-DATA-7). */
const OVER_LIMIT_SQLSTATE = "OSK01";

/** Key of the session-independent advisory lock held while migrating ("osk" schema). */
const MIGRATION_LOCK = "7302491500000001";

/**
 * Migration `i` takes the schema from version `i` to `i + 1`. Append only: a released migration
 * is never edited.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: records (first-written order by `seq`, P-FMT-3), nonces (P-AUTH-3), the write function.
  `
CREATE TABLE osk_meta (name text PRIMARY KEY, value text NOT NULL);
CREATE SEQUENCE osk_appdata_seq;
CREATE TABLE osk_appdata (
  app text NOT NULL, usr text NOT NULL, key text NOT NULL, value text NOT NULL,
  seq bigint NOT NULL DEFAULT nextval('osk_appdata_seq'),
  PRIMARY KEY (app, usr, key)
);
CREATE INDEX osk_appdata_order ON osk_appdata (app, usr, seq);
CREATE TABLE osk_nonces (
  consumer_key text NOT NULL, nonce text NOT NULL, expires_at bigint NOT NULL,
  PRIMARY KEY (consumer_key, nonce)
);
CREATE INDEX osk_nonces_expiry ON osk_nonces (expires_at);
-- One write (P-DATA-4 merge, all pairs or none) as one statement, so one round trip: the
-- per-(app, user) lock serialises writers of one record on every instance, so the record limit
-- (P-DATA-7) is checked against every committed write and concurrent writers never cross it.
CREATE FUNCTION osk_write(p_app text, p_usr text, p_keys text[], p_values text[],
                          p_max_keys bigint, p_max_bytes bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE n bigint; b bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(p_app), hashtext(p_usr));
  INSERT INTO osk_appdata (app, usr, key, value)
    SELECT p_app, p_usr, t.k, t.v FROM unnest(p_keys, p_values) WITH ORDINALITY AS t(k, v, i)
    ORDER BY t.i
    ON CONFLICT (app, usr, key) DO UPDATE SET value = EXCLUDED.value;
  SELECT count(*), coalesce(sum(octet_length(key) + octet_length(value)), 0) INTO n, b
    FROM osk_appdata WHERE app = p_app AND usr = p_usr;
  IF n > p_max_keys OR b > p_max_bytes THEN
    RAISE EXCEPTION 'record limit' USING ERRCODE = '${OVER_LIMIT_SQLSTATE}';
  END IF;
END $$;
`,
  // 2: a nonce claim (P-AUTH-3) that commits asynchronously: every request claims one, and a
  // durable commit made each authenticated GET wait on a WAL flush. The claim is visible to
  // every instance as soon as it commits; only a crash of PostgreSQL itself can lose the last
  // claims before the WAL writer flushed them (at most 3 × wal_writer_delay, 600 ms by
  // default), after which those requests could be replayed once within their window.
  `
CREATE FUNCTION osk_claim_nonce(p_key text, p_nonce text, p_expires bigint, p_now bigint)
RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  INSERT INTO osk_nonces (consumer_key, nonce, expires_at) VALUES (p_key, p_nonce, p_expires)
    ON CONFLICT (consumer_key, nonce) DO UPDATE SET expires_at = EXCLUDED.expires_at
    WHERE osk_nonces.expires_at < p_now;
  RETURN FOUND;
END $$;
`,
  // 3: several writes in one statement and one transaction, so one durable commit (one WAL
  // flush) serves them all (postgres-batches.ts). Write i is p_counts[i] pairs of p_keys and
  // p_values, after those of the writes before it; each is osk_write's merge with its own
  // outcome (false: over the record limit, P-DATA-7, and that write alone changed nothing). The
  // records' locks are taken first, in one order, so that two batches never wait on each other
  // in a cycle.
  `
CREATE FUNCTION osk_write_batch(p_apps text[], p_usrs text[], p_counts int[], p_keys text[],
                                p_values text[], p_max_keys bigint, p_max_bytes bigint)
RETURNS boolean[]
LANGUAGE plpgsql AS $$
DECLARE
  done boolean[] := '{}';
  at int := 1;
  ha int;
  hu int;
BEGIN
  FOR ha, hu IN
    SELECT DISTINCT hashtext(a), hashtext(u) FROM unnest(p_apps, p_usrs) AS t(a, u) ORDER BY 1, 2
  LOOP
    PERFORM pg_advisory_xact_lock(ha, hu);
  END LOOP;
  FOR i IN 1 .. coalesce(array_length(p_apps, 1), 0) LOOP
    BEGIN
      PERFORM osk_write(p_apps[i], p_usrs[i], p_keys[at : at + p_counts[i] - 1],
                        p_values[at : at + p_counts[i] - 1], p_max_keys, p_max_bytes);
      done := done || true;
    EXCEPTION WHEN SQLSTATE '${OVER_LIMIT_SQLSTATE}' THEN
      done := done || false;
    END;
    at := at + p_counts[i];
  END LOOP;
  RETURN done;
END $$;
`,
  // 4: several nonce claims in one statement (postgres-batches.ts), each osk_claim_nonce in
  // turn (a pair claimed twice in one batch is taken once), the transaction committed
  // asynchronously as a single claim's is (migration 2).
  `
CREATE FUNCTION osk_claim_nonces(p_keys text[], p_nonces text[], p_expires bigint[],
                                 p_nows bigint[])
RETURNS boolean[]
LANGUAGE plpgsql AS $$
DECLARE done boolean[] := '{}';
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_keys, 1), 0) LOOP
    done := done || osk_claim_nonce(p_keys[i], p_nonces[i], p_expires[i], p_nows[i]);
  END LOOP;
  RETURN done;
END $$;
`,
];

/** Brings the database of `pool` to the newest schema version; returns that version. */
export async function migrate(pool: pg.Pool): Promise<number> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query("BEGIN");
    await client.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await client.query("CREATE TABLE IF NOT EXISTS osk_schema (version integer NOT NULL)");
    const found = await client.query<{ version: number }>("SELECT version FROM osk_schema");
    let version = found.rows[0]?.version ?? 0;
    if (found.rowCount === 0) await client.query("INSERT INTO osk_schema (version) VALUES (0)");
    if (version > MIGRATIONS.length)
      throw new OperationalError(
        "OSK_STORE_UNAVAILABLE",
        `schema version ${version} is newer than this server's (${MIGRATIONS.length})`,
      );
    for (; version < MIGRATIONS.length; version++)
      await client.query(MIGRATIONS[version] as string);
    await client.query("UPDATE osk_schema SET version = $1", [version]);
    await client.query("COMMIT");
    return version;
  } catch (e) {
    failure = e as Error;
    await client.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    client.release(failure); // a client that failed is not reused
  }
}
