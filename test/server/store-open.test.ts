// The SQLite store is this process's alone and must be writable at start (review findings: two
// servers on one file served stale reads; a read-only store started and then answered 500 to
// every POST).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openStore } from "../../src/server/index.js";
import { tempDir } from "./harness.js";

describe("opening the SQLite store", () => {
  const tmp = tempDir();
  afterAll(() => tmp.remove());

  it("refuses a file another store holds, and opens it once that store is closed", async () => {
    const file = join(tmp.dir, "one.sqlite");
    const first = openStore(file);
    expect(() => openStore(file)).toThrowError(
      expect.objectContaining({
        code: "OSK_STORE_UNAVAILABLE",
        message: expect.stringMatching(/in use by another process/),
      }),
    );
    expect(await first.write("quiz", "u", [["k", "v"]])).toBe("written");
    await first.close();
    const again = openStore(file);
    expect((await again.read("quiz", "u")).get("k")).toBe("v");
    await again.close();
  });

  it("refuses a location it cannot create, with the stable code", () => {
    const notADir = join(tmp.dir, "plain-file");
    writeFileSync(notADir, "x");
    expect(() => openStore(join(notADir, "x.sqlite"))).toThrowError(
      expect.objectContaining({ code: "OSK_STORE_UNAVAILABLE" }),
    );
  });
});
