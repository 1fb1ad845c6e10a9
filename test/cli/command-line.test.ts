/** A command's words read against its spec: yargs' reading, then a strict check, each error once. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CommandSpec } from "../../src/cli/command-definition.js";
import { commandWordAt, readCommandLine } from "../../src/cli/command-line.js";

const SPEC: CommandSpec = {
  positionals: [
    { name: "method", describe: "a method" },
    { name: "path", describe: "a path" },
  ],
  options: {
    target: { type: "string", describe: "a file" },
    "base-url": { type: "string", describe: "a URL" },
    level: { type: "string", choices: ["core", "profile"], default: "profile", describe: "x" },
    feature: { type: "array", describe: "features" },
    tag: { type: "array", choices: ["a", "b"], describe: "tags" },
    timeout: { type: "number", default: 10_000, describe: "ms" },
    include: { type: "boolean", alias: "i", default: false, describe: "headers" },
    kind: { type: "string", required: true, describe: "a kind" },
  },
};

const read = (...words: string[]) => readCommandLine(SPEC, words);
const args = (...words: string[]) => {
  const line = read(...words);
  if (line.kind !== "run") throw new Error(`not accepted: ${JSON.stringify(line)}`);
  return line.args;
};
const usage = (...words: string[]) => {
  const line = read(...words);
  if (line.kind !== "usage") throw new Error(`accepted: ${JSON.stringify(line)}`);
  return line.message;
};

describe("readCommandLine", () => {
  it("a list with choices takes each of them, once or repeated", () => {
    expect(args("GET", "/x", "--kind", "k", "--tag", "a", "--tag", "b").tag).toEqual(["a", "b"]);
    expect(args("GET", "/x", "--kind", "k", "--tag", "b").tag).toEqual(["b"]);
  });

  it("reads positionals, strings, numbers, booleans and defaults, by the spec's names", () => {
    expect(
      args("GET", "/x", "--kind", "people", "--target=t.json", "--timeout", "50", "-i"),
    ).toEqual({
      method: "GET",
      path: "/x",
      kind: "people",
      target: "t.json",
      timeout: 50,
      include: true,
      level: "profile",
    });
  });

  it("reads words as yargs did: --camelCase, --no-flag, a list repeated or after one flag, a lone -", () => {
    expect(args("GET", "/x", "--kind", "k", "--baseUrl", "http://h")["base-url"]).toBe("http://h");
    expect(args("GET", "/x", "--kind", "k", "--no-include").include).toBe(false);
    expect(args("GET", "/x", "--kind", "k", "--feature", "a", "--feature", "b").feature).toEqual([
      "a",
      "b",
    ]);
    expect(args("--kind", "k", "--feature", "a", "b", "--", "GET", "/x").feature).toEqual([
      "a",
      "b",
    ]);
    expect(args("GET", "-", "--kind", "k").path).toBe("-");
    expect(args("GET", "123", "--kind", "k").path).toBe("123");
  });

  it("answers --help and --version before any check", () => {
    expect(read("--help", "--bogus")).toEqual({ kind: "help" });
    expect(read("-h")).toEqual({ kind: "help" }); // the short form users type first
    expect(read("--version")).toEqual({ kind: "version" });
  });

  it.each([
    [["GET"], /^Not enough non-option arguments: got 1, need at least 2$/],
    [["GET", "/x"], /^Missing required argument: kind$/],
    [
      ["GET", "/x", "--kind", "k", "--lvl", "core"],
      /^Unknown argument: lvl\. Did you mean --level\?$/,
    ],
    [["GET", "/x", "--kind", "k", "--foo-bar"], /^Unknown argument: foo-bar$/],
    [["GET", "/x", "--kind", "k", "extra", "--zz"], /^Unknown arguments: zz, extra$/],
    [
      ["GET", "/x", "--kind", "k", "--level", "nope"],
      /^Invalid values:\n {2}Argument: level, Given: "nope", Choices: "core", "profile"$/,
    ],
    [
      ["GET", "/x", "--kind", "k", "--level", "core", "--level", "core"],
      /^--level is given more than once$/,
    ],
    [["GET", "/x", "--kind", "k", "--timeout", "soon"], /^--timeout is a number, not "soon"$/],
    [["GET", "/x", "--kind", "k", "--timeout", ""], /^--timeout is a number, not ""$/], // not 0
    [["GET", "/x", "--kind", "k", "--timeout="], /^--timeout is a number, not ""$/],
    [["GET", "/x", "--kind", "k", "--no-timeout"], /^--timeout is a number$/],
    [["GET", "/x", "--kind", "k", "--no-target"], /^--target takes a value$/],
    [["GET", "/x", "--kind", "k", "--no-feature"], /^--feature takes a value$/],
    // a list given with no value at all selects nothing: not a silent "everything"
    [["GET", "/x", "--kind", "k", "--feature"], /^--feature takes a value$/],
    // each value of a list with choices is one of them
    [
      ["GET", "/x", "--kind", "k", "--tag", "a", "--tag", "c"],
      /^Invalid values:\n {2}Argument: tag, Given: "c", Choices: "a", "b"$/,
    ],
  ])("%j is a usage error naming what is wrong", (words, message) => {
    expect(usage(...words)).toMatch(message);
  });

  it("property: any word list is accepted or refused with a message, never thrown", () => {
    const word = fc.oneof(
      fc.constantFrom(
        "--kind",
        "--level",
        "--feature",
        "--timeout",
        "-i",
        "--no-include",
        "--",
        "-",
      ),
      fc.string({ maxLength: 6 }),
      fc.string({ maxLength: 6 }).map((s) => `--${s}`),
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 8 }), (words) => {
        const line = readCommandLine(SPEC, words);
        if (line.kind === "usage") expect(line.message.length).toBeGreaterThan(0);
        if (line.kind === "run") {
          expect(typeof line.args.method).toBe("string");
          expect(["core", "profile"]).toContain(line.args.level);
          expect(Number.isNaN(line.args.timeout)).toBe(false);
        }
      }),
    );
  });
});

describe("commandWordAt", () => {
  it.each([
    [["run", "--level", "core"], 0],
    [["--grep", "serve", "run"], 2],
    [["--grep=serve", "run"], 1],
    [["--level", "core", "serv"], 2],
    [["--bail", "run"], -1],
    [["--help"], -1],
    [["--help", "run"], 1],
    [["-h", "run"], 1],
    [["--version", "serve", "--port", "0"], 1],
    [["-", "run"], 0],
  ])("%j: the command word is at %i (as yargs read it)", (argv, at) => {
    expect(commandWordAt(argv)).toBe(at);
  });
});
