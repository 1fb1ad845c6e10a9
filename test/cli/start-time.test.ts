/**
 * The CLI answers `--version`, `--help`, a missing and a mistyped command without loading any
 * command, and a command's own `--help` and usage errors from its options alone: each whole
 * process (the built bin/opensocial-kit.js) within 3× `node -e 0` timed in the same rounds (the
 * goal, measured by `npm run bench:cli`, is 2×; 3 leaves room for a loaded CI machine). With
 * every command loaded at start it took 5–7×; a command's help through yargs, 2.1–2.7×.
 */
import { describe, expect, it } from "vitest";
import { measureStart } from "../../bench/cli/start-time.js";

describe("opensocial-kit start", () => {
  it("--version, --help and the usage errors start within 3× node -e 0", () => {
    const figures = measureStart(
      [
        { name: "--version", args: ["--version"] },
        { name: "--help", args: ["--help"] },
        { name: "no command", args: [] },
        { name: "mistyped command", args: ["rnu"] },
      ],
      7,
    );
    const slow = figures.filter((f) => f.ratio > 3).map((f) => `${f.name}: ${f.ratio.toFixed(2)}×`);
    expect(slow).toEqual([]);
  }, 60_000);

  it("a command's --help and usage errors start within 3× node -e 0 (its options and the parser only)", () => {
    // Loading the command's action as well (the runner, the server) took 4–5.5× on a quiet machine.
    const figures = measureStart(
      [
        { name: "run --help", args: ["run", "--help"] },
        { name: "run --level bogus", args: ["run", "--level", "bogus"] },
        { name: "serve --help", args: ["serve", "--help"] },
      ],
      7,
    );
    const slow = figures.filter((f) => f.ratio > 3).map((f) => `${f.name}: ${f.ratio.toFixed(2)}×`);
    expect(slow).toEqual([]);
  }, 60_000);
});
