// The CLI shell: usage errors exit 2 and run no command; --version and --help exit 0.
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/main.js";

describe("opensocial-kit main", () => {
  afterEach(() => vi.restoreAllMocks());

  function capture(): { out: string[]; err: string[] } {
    const out: string[] = [];
    const err: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((c) => out.push(String(c)) > 0);
    vi.spyOn(process.stderr, "write").mockImplementation((c) => err.push(String(c)) > 0);
    vi.spyOn(console, "log").mockImplementation((...a) => void out.push(a.join(" ")));
    vi.spyOn(console, "error").mockImplementation((...a) => void err.push(a.join(" ")));
    return { out, err };
  }

  it.each([
    [["bogus"], /Unknown argument: bogus/],
    [[], /Name a command/],
    [["run", "--level", "nope"], /Invalid values/],
    [["serve", "--port", "x", "--unknown"], /Unknown argument/],
  ])("%j is a usage error (exit 2) and runs nothing", async (argv, message) => {
    const { out, err } = capture();
    expect(await main(argv)).toBe(2);
    expect(err.join("")).toMatch(message);
    expect(err.join("")).not.toMatch(/--level is core or profile/);
    expect(out.join("")).not.toMatch(/started the reference server/);
  });

  it("--version prints the package version", async () => {
    const { out } = capture();
    expect(await main(["--version"])).toBe(0);
    expect(out.join("")).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("run --help teaches: examples and exit codes", async () => {
    const { out } = capture();
    expect(await main(["run", "--help"])).toBe(0);
    const text = out.join("");
    expect(text).toMatch(/Examples:/);
    expect(text.replace(/\s+/g, " ")).toMatch(/Exit codes: 0 .*4 nothing selected/);
  });
});
