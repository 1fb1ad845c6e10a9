/**
 * What a team adopting the kit meets before any case runs, said in one line that names the
 * option, file or port at fault and what to do: a port already taken for `serve`, a server not
 * started for `run`, a missing expectations or target file, an empty report path.
 */
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/main.js";
import { type Running, startFake } from "../conformance/helpers.js";
import { tempDir } from "../server/harness.js";
import { captureOutput } from "./capture-output.js";

const t = tempDir();

/** A TCP port on 127.0.0.1 held by a listener, and one nothing listens on. */
let held: Server;
let heldPort = 0;
let closedPort = 0;

beforeAll(async () => {
  held = createServer();
  await new Promise<void>((r) => held.listen(0, "127.0.0.1", r));
  heldPort = (held.address() as { port: number }).port;
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise<void>((r) => probe.close(() => r()));
});
afterAll(async () => {
  t.remove();
  await new Promise<void>((r) => held.close(() => r()));
});
afterEach(() => vi.restoreAllMocks());

describe("serve on a port already in use", () => {
  it("says so in one line naming the port and --port 0, no stack trace (exit 1)", async () => {
    const { err } = captureOutput();
    const code = await main([
      "serve",
      "--port",
      String(heldPort),
      "--host",
      "127.0.0.1",
      "--data",
      ":memory:",
    ]);
    expect(code).toBe(1);
    const text = err.join("");
    expect(text).toBe(
      `cannot listen on 127.0.0.1:${heldPort}: port ${heldPort} is already in use (EADDRINUSE); stop what holds it, or give another port (--port 0 takes a free one and prints it)\n`,
    );
    expect(text).not.toMatch(/\n\s+at /);
  });
});

describe("serve on a host that names no address", () => {
  it("says so in one line naming the host and what to give instead (exit 1)", async () => {
    const { err } = captureOutput();
    const code = await main(["serve", "--port", "0", "--host", "256.1.1.1", "--data", ":memory:"]);
    expect(code).toBe(1);
    expect(err.join("")).toBe(
      "cannot listen on 256.1.1.1:0: no such host name or address 256.1.1.1 (ENOTFOUND); give --host 127.0.0.1, or 0.0.0.0 for every interface\n",
    );
  });
});

describe("run against a server that is not started", () => {
  it("says the server refused the connection and how to start one (exit 3)", async () => {
    const { err } = captureOutput();
    const url = `http://127.0.0.1:${closedPort}`;
    expect(
      await main(["run", "--base-url", url, "--reporter", `json:${join(t.dir, "r.json")}`]),
    ).toBe(3);
    const text = err.join("");
    expect(text).toMatch(
      new RegExp(
        `^opensocial-kit run: the target at http://127\\.0\\.0\\.1:${closedPort} is unreachable \\(connection: ECONNREFUSED[^)]*\\): the server there refused the connection .*start it first \\(opensocial-kit serve starts the reference server\\)`,
      ),
    );
  });
});

describe("a target whose profile answer is over the answer cap", () => {
  // the viewer's profile, declared at 5 MiB: more than the smoke request reads by default (4 MiB)
  let big: Running;
  beforeAll(async () => {
    const body = Buffer.alloc(5 * 2 ** 20, " ");
    big = await startFake((req, res) => {
      req.resume();
      res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
      res.end(body);
    });
  });
  afterAll(() => big.close());

  it.each(["run", "fuzz"])(
    "%s says the answer was over the cap and names --max-answer-bytes, not an unreachable target (exit 3)",
    async (command) => {
      const { err } = captureOutput();
      const code = await main([
        command,
        "--base-url",
        big.url,
        ...(command === "run" ? ["--reporter", `json:${join(t.dir, "big.json")}`] : []),
      ]);
      expect(code).toBe(3);
      expect(err.join("")).toMatch(
        new RegExp(
          `^opensocial-kit ${command}: the target at http:\\S+ answered the smoke request \\(the viewer's profile\\) with more than the answer cap \\(.*5242880.*\\); give a larger --max-answer-bytes`,
        ),
      );
      expect(err.join("")).not.toMatch(/unreachable/);
    },
  );

  it.each(["run", "fuzz"])(
    "%s with a --max-answer-bytes above the profile's size reads the profile and goes on",
    async (command) => {
      const { err } = captureOutput();
      await main([
        command,
        "--base-url",
        big.url,
        "--max-answer-bytes",
        String(6 * 2 ** 20),
        "--timeout",
        "1000",
        ...(command === "run"
          ? ["--grep", "^people/self$", "--reporter", `json:${join(t.dir, "big2.json")}`]
          : ["--steps", "1", "--time", "5"]),
      ]);
      expect(err.join("")).not.toMatch(/smoke request|unreachable/);
    },
    20_000,
  );
});

describe("a file an option names that cannot be read", () => {
  it.each([
    [
      ["--expectations", "nope.json"],
      /^opensocial-kit run: --expectations .*nope\.json: no such file\n$/,
    ],
    [["--target", "nope.json"], /^opensocial-kit run: --target .*nope\.json: no such file\n$/],
    [["--target", "."], /^opensocial-kit run: --target \.: a directory, not a file\n$/],
    [
      ["--reporter", "junit:"],
      /^opensocial-kit run: --reporter junit: the report file's path is empty/,
    ],
  ])("run %j names the option and the path (exit 2)", async (argv, message) => {
    const { err } = captureOutput();
    const args = argv.map((a) => (a === "nope.json" ? join(t.dir, a) : a));
    expect(await main(["run", ...args])).toBe(2);
    expect(err.join("")).toMatch(message);
    expect(err.join("")).not.toMatch(/ENOENT|EISDIR/);
  });
});
