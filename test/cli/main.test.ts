// The CLI shell: usage errors exit 2 and run no command; --version and --help exit 0.
import { afterEach, describe, expect, it, vi } from "vitest";
import { COMMANDS, commandUsage } from "../../src/cli/commands.js";
import { main } from "../../src/cli/main.js";
import { mainHelp } from "../../src/cli/main-help.js";
import { captureOutput } from "./capture-output.js";

describe("opensocial-kit main", () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [["bogus"], /^Unknown command "bogus"\. Name a command: serve, .* or diff\.\n/],
    [["rnu"], /^Unknown command "rnu"\. Did you mean run\?\n/],
    [["--level", "core", "serv"], /^Unknown command "core"\. Name a command/],
    [[], /Name a command/],
    [["run", "--level", "nope"], /Invalid values/],
    [["serve", "--port", "x", "--unknown"], /Unknown argument/],
    [["--grep", "serve", "run", "--level", "nope"], /Invalid values/],
    [
      ["--bail", "run"],
      /"run" was read as the value of an option before it: put the command first/,
    ],
    [["world", "--no-out"], /^--out takes a value\nRun 'opensocial-kit world --help'/],
    [
      ["run", "--concurrency", "abc"],
      /^--concurrency is a whole number from 1 to 256, not "abc"\nRun/,
    ],
    [
      ["run", "--max-answer-bytes", "100"],
      /^--max-answer-bytes is a whole number from 1024 to 268435456, not 100\n/,
    ],
    [["serve", "--port", "70000"], /^--port is a whole number from 0 to 65535, not 70000\n/],
    [
      ["serve", "--host", ""],
      /^--host names an address \(0\.0\.0\.0 listens on every interface\)\n/,
    ],
    [["serve", "--data", ""], /^--data names a SQLite file, :memory: or a postgres:\/\/ URL\n/],
    [["serve", "--data", " "], /^--data names a SQLite file/],
    [["run", "--base", "http://x"], /^Unknown argument: base\. Did you mean --base-url\?\n/],
    [["request", "GET", "/x", "-x"], /^Unknown argument: x\nRun/],
  ])("%j is a usage error (exit 2) and runs nothing", async (argv, message) => {
    const { out, err } = captureOutput();
    expect(await main(argv)).toBe(2);
    expect(err.join("")).toMatch(message);
    expect(err.join("")).not.toMatch(/--level is core or profile/);
    expect(out.join("")).not.toMatch(/started the reference server/);
  });

  it.each([
    [["--help", "run"], /^opensocial-kit run\n/],
    [["--version", "serve"], /^\d+\.\d+\.\d+\n$/],
  ])(
    "%j: --help and --version take no value; the word after them is the command",
    async (argv, text) => {
      const { out } = captureOutput();
      expect(await main(argv)).toBe(0);
      expect(out.join("")).toMatch(text);
    },
  );

  it("--version prints the package version", async () => {
    const { out } = captureOutput();
    expect(await main(["--version"])).toBe(0);
    expect(out.join("")).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("--help lists every command with its description and the examples, in 100 columns", async () => {
    const { out } = captureOutput();
    expect(await main(["--help"])).toBe(0);
    const text = out.join("");
    for (const c of COMMANDS) {
      expect(text).toContain(`opensocial-kit ${commandUsage(c)}`);
      expect(text.replace(/\s+/g, " ")).toContain(c.describe);
    }
    expect(text).toMatch(/Examples:\n {2}opensocial-kit run {2,}the whole suite/);
    expect(Math.max(...text.split("\n").map((l) => l.length))).toBeLessThanOrEqual(100);
  });

  it("-h is --help", async () => {
    const { out } = captureOutput();
    expect(await main(["-h"])).toBe(0);
    expect(out.join("")).toContain("Commands:");
  });

  it("--help wraps to a narrow terminal", () => {
    const lines = mainHelp(80).split("\n");
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80);
    expect(lines).toContain("Commands:");
  });

  it("run --help teaches: examples and exit codes", async () => {
    const { out } = captureOutput();
    expect(await main(["run", "--help"])).toBe(0);
    const text = out.join("");
    expect(text).toMatch(/Examples:/);
    expect(text.replace(/\s+/g, " ")).toMatch(/Exit codes: 0 .*4 nothing selected/);
  });
});
