/**
 * The stores every store test runs against (the same tests prove the same
 * semantics): memory, SQLite (a file per store) and PostgreSQL (a throwaway cluster for the
 * test file, tables emptied for each new store). Registers the file's beforeAll/afterAll.
 */
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { type AppDataStore, memoryStore, openStore } from "../../src/server/index.js";
import { opened, tempDir } from "./harness.js";
import { type PgCluster, startCluster } from "./pg-cluster.js";

/** A store kind: its name and a maker of a new, empty store. */
export type StoreKind = readonly [name: string, make: () => Promise<AppDataStore>];

/** The three kinds; the PostgreSQL cluster starts before the file's tests and stops after. */
export function storeKinds(): StoreKind[] {
  const tmp = tempDir();
  let cluster: PgCluster | undefined;
  let url = "";
  let n = 0;
  beforeAll(async () => {
    cluster = startCluster();
    url = await cluster.createDatabase();
  }, 90_000);
  afterAll(() => {
    cluster?.remove();
    tmp.remove();
  });
  return [
    ["memory", async () => memoryStore()],
    ["sqlite", async () => opened(openStore(join(tmp.dir, `s${n++}.sqlite`)))],
    [
      "postgres",
      async () => {
        const store = opened(openStore(url));
        await store.ping(); // migrates
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query("TRUNCATE osk_appdata, osk_meta, osk_nonces");
        await admin.end();
        return store;
      },
    ],
  ];
}
