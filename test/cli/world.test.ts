/**
 * `opensocial-kit world`: writes the world of a seed and the target file that fits it, refuses
 * what is not a seed and files already there; `serve --world` serves it and `run --target`
 * passes against that server.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/main.js";
import { generateWorld, jsonFileText } from "../../src/worldgen/generate.js";
import { serve } from "../server/serve-child.js";
import { captureOutput } from "./capture-output.js";

const dir = mkdtempSync(join(tmpdir(), "osk-world-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("opensocial-kit world", () => {
  afterEach(() => vi.restoreAllMocks());

  it("--help teaches: the seed, the files, serve and run, exit codes", async () => {
    const { out } = captureOutput();
    expect(await main(["world", "--help"])).toBe(0);
    const text = out.join("");
    expect(text).toMatch(/--seed/);
    expect(text).toMatch(/serve --world sandbox\/world\.json/);
    expect(text).toMatch(/--data :memory:/);
    expect(text).toMatch(/run --target sandbox\/target\.json/);
    expect(text.replace(/\s+/g, " ")).toMatch(/Exit codes: 0 written, 2/);
  });

  it("writes the seed's files, byte for byte, and names the roles and the next commands", async () => {
    const out = join(dir, "s7");
    const { out: lines } = captureOutput();
    expect(await main(["world", "--seed", "7", "--out", out])).toBe(0);
    const g = generateWorld(7);
    expect(readFileSync(join(out, "world.json"), "utf8")).toBe(jsonFileText(g.world));
    expect(readFileSync(join(out, "target.json"), "utf8")).toBe(jsonFileText(g.target));
    const text = lines.join("");
    expect(text).toContain(`viewer           ${g.target.users.viewer}`);
    expect(text).toContain(
      `opensocial-kit serve --world ${join(out, "world.json")} --data :memory:`,
    );
    expect(text).toContain(`opensocial-kit run --target ${join(out, "target.json")}`);
  });

  it.each([["x"], ["-1"], ["1.5"], ["1e3"], ["4294967296"]])(
    "refuses --seed %s (exit 2)",
    async (seed) => {
      const { err } = captureOutput();
      expect(await main(["world", "--seed", seed, "--out", join(dir, "bad")])).toBe(2);
      expect(err.join("")).toMatch(/--seed is an integer 0 … 4294967295/);
      expect(existsSync(join(dir, "bad"))).toBe(false);
    },
  );

  it.each([
    ["nope", /must be an absolute URL/],
    ["http://u:pw@h:1", /user name or password/],
  ])("refuses --base-url %s, which no command would read back (exit 2)", async (url, message) => {
    const { err } = captureOutput();
    expect(await main(["world", "--seed", "1", "--out", join(dir, "bad"), "--base-url", url])).toBe(
      2,
    );
    expect(err.join("")).toMatch(message);
    expect(existsSync(join(dir, "bad"))).toBe(false);
  });

  it("keeps files already there unless --force", async () => {
    const out = join(dir, "kept");
    captureOutput();
    expect(await main(["world", "--seed", "1", "--out", out])).toBe(0);
    writeFileSync(join(out, "target.json"), "mine");
    expect(await main(["world", "--seed", "2", "--out", out])).toBe(2);
    expect(readFileSync(join(out, "target.json"), "utf8")).toBe("mine");
    expect(await main(["world", "--seed", "2", "--out", out, "--force"])).toBe(0);
    expect(readFileSync(join(out, "target.json"), "utf8")).toBe(
      jsonFileText(generateWorld(2).target),
    );
  });

  it("without --seed picks one and prints it, so the world can be made again", async () => {
    const out = join(dir, "random");
    const { out: lines } = captureOutput();
    expect(await main(["world", "--out", out])).toBe(0);
    const seed = Number(/\(seed (\d+):/.exec(lines.join(""))?.[1]);
    expect(readFileSync(join(out, "world.json"), "utf8")).toBe(
      jsonFileText(generateWorld(seed).world),
    );
  });

  it("serve --world serves it and run --target passes against that server", async () => {
    const out = join(dir, "sandbox");
    captureOutput();
    expect(await main(["world", "--seed", "11", "--out", out])).toBe(0);
    const first = readFileSync(join(out, "world.json"), "utf8");
    const s = serve(["--world", join(out, "world.json"), "--port", "0", "--data", ":memory:"]);
    try {
      const url = await s.listening();
      // the same seed again, for the port serve took: the world is the same bytes
      expect(
        await main(["world", "--seed", "11", "--out", out, "--base-url", url, "--force"]),
      ).toBe(0);
      expect(readFileSync(join(out, "world.json"), "utf8")).toBe(first);
      vi.restoreAllMocks();
      const { out: report } = captureOutput();
      const code = await main(["run", "--target", join(out, "target.json")]);
      expect(code, report.join("")).toBe(0);
    } finally {
      s.child.kill("SIGTERM");
      await s.exit;
    }
  }, 120_000);
});
