// The SQLite store is this process's alone and must be writable at start (review findings: two
// servers on one file served stale reads; a read-only store started and then answered 500 to
// every POST).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openStore } from "../../src/server/index.js";
import { opened, tempDir } from "./harness.js";

describe("opening the SQLite store", () => {
  const tmp = tempDir();
  afterAll(() => tmp.remove());

  it("refuses a file another store holds, and opens it once that store is closed", async () => {
    const file = join(tmp.dir, "one.sqlite");
    const first = opened(openStore(file));
    expect(openStore(file)).toEqual({
      ok: false,
      issues: [
        expect.objectContaining({
          code: "store-unavailable",
          pointer: "",
          message: expect.stringMatching(/in use by another process/),
        }),
      ],
    });
    expect(await first.write("quiz", "u", [["k", "v"]])).toBe("written");
    await first.close();
    const again = opened(openStore(file));
    expect((await again.read("quiz", "u")).get("k")).toBe("v");
    await again.close();
  });

  it.each(["", "  "])(
    "refuses an empty path %j: SQLite would open a temporary database and lose every write",
    (path) => {
      expect(openStore(path)).toMatchObject({
        ok: false,
        issues: [{ code: "store-unavailable", message: expect.stringMatching(/empty path/) }],
      });
    },
  );

  it("refuses a folder given as the data file, saying so and what to give (SQLite says only 'unable to open database file')", () => {
    expect(openStore(tmp.dir)).toMatchObject({
      ok: false,
      issues: [
        {
          code: "store-unavailable",
          message: expect.stringMatching(
            /: a directory; give a file path in it, such as .*appdata\.sqlite/,
          ),
        },
      ],
    });
  });

  it("refuses a location it cannot create, with the stable code", () => {
    const notADir = join(tmp.dir, "plain-file");
    writeFileSync(notADir, "x");
    expect(openStore(join(notADir, "x.sqlite"))).toMatchObject({
      ok: false,
      issues: [{ code: "store-unavailable" }],
    });
  });

  it("refuses a folder the system will not create at once (Node 20's recursive mkdir looped forever under /proc)", () => {
    const started = Date.now();
    expect(openStore("/proc/osk-no-such-dir/deeper/x.sqlite")).toMatchObject({
      ok: false,
      issues: [{ code: "store-unavailable" }],
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
