/**
 * `run`'s first stage: options → a checked plan, pure (no file, network or
 * clock), so every usage error is found before anything runs.
 */
import { describe, expect, it } from "vitest";
import { planRun, type RunArgs } from "../../src/cli/commands/run-plan.js";

const base: RunArgs = { level: "profile", timeout: 10_000, concurrency: 16, bail: false };

describe("planRun", () => {
  it("the quick start: console on stdout with progress, the bundled target, the reference server", () => {
    expect(planRun(base)).toEqual({
      ok: true,
      plan: {
        level: "profile",
        outputs: [{ name: "console" }],
        timeoutMs: 10_000,
        concurrency: 16,
        bail: false,
        progress: true,
      },
    });
  });

  it("CI: reporters to files, --out for the one without a file, a target, known failures", () => {
    const r = planRun({
      ...base,
      level: "core",
      reporter: ["junit:r/junit.xml", "json"],
      out: "r/run.json",
      target: "t.json",
      baseUrl: "http://127.0.0.1:8080/",
      expectations: "known.json",
      grep: "^appdata-",
      feature: ["atom"],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.plan).toMatchObject({
      level: "core",
      outputs: [
        { name: "junit", file: "r/junit.xml" },
        { name: "json", file: "r/run.json" },
      ],
      targetFile: "t.json",
      baseUrl: "http://127.0.0.1:8080",
      expectationsFile: "known.json",
      features: ["atom"],
      progress: false,
    });
    expect(r.plan.grep?.test("appdata-read/x")).toBe(true);
  });

  it.each([
    [{ level: "strict" }, /--level is core or profile/],
    [{ reporter: ["xml"] }, /unknown reporter xml/],
    [{ reporter: ["json", "tap"] }, /only one reporter can write to stdout/],
    [
      { reporter: ["console", "tap"] },
      /^only one reporter can write to stdout, and console, tap would; give the others a file \(--reporter tap:FILE\)$/,
    ],
    [
      { reporter: ["json", "html"] },
      /^only one reporter can write to stdout, and json, html would; give the others a file \(--reporter html:FILE\)$/,
    ],
    [{ reporter: ["json", "tap"], out: "x" }, /--out names the file of exactly one/],
    [{ grep: "(" }, /--grep:/],
    [{ reporter: ["json:r.json", "junit:./r.json"] }, /two reporters write to .*r\.json/],
    [{ reporter: ["junit:"] }, /^--reporter junit: the report file's path is empty/],
    [{ reporter: ["json: "] }, /^--reporter json: the report file's path is empty/],
    [{ reporter: ["json"], out: "" }, /^--out: the report file's path is empty/],
    [{ baseUrl: "ftp://host" }, /--base-url must be http or https/],
    [{ baseUrl: "http://host/?x=1" }, /--base-url must not have a query or fragment/],
    [{ baseUrl: "//host/path" }, /--base-url must be an absolute URL/],
  ] as [Partial<RunArgs>, RegExp][])("refuses %j", (extra, message) => {
    const r = planRun({ ...base, ...extra });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.usage).toMatch(message);
  });

  it("refuses a base URL carrying a password, without repeating it", () => {
    const r = planRun({ ...base, baseUrl: "http://u:TOPSECRETPW@127.0.0.1:8080" });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.usage).toMatch(/--base-url must not carry a user name or password/);
      expect(r.usage).not.toContain("TOPSECRETPW");
    }
  });
});
