import { defineConfig } from "vitest/config";

/**
 * Test files whose assertions bound a time: a ratio against a baseline of the same run (start
 * time, linear-time scans) or a wall-clock bound of a second or two (a drain, an idle linger, a
 * refusal "at once"). They run one at a time, after the rest, so that no other test file shares
 * the two cores with them.
 */
const TIMED = [
  "test/bench/**/*.test.ts",
  "test/cli/start-time.test.ts",
  "test/codecs/atom/attacks.test.ts",
  "test/codecs/atom/scan-bounds.test.ts",
  "test/codecs/atom/scan-linear.test.ts",
  "test/schemas/validate-linear.test.ts",
  "test/conformance/cli.test.ts",
  "test/conformance/robustness.test.ts",
  "test/conformance/transport/http-client.test.ts",
  "test/conformance/transport/raw-socket.test.ts",
  "test/server/handlers/write-body.test.ts",
  "test/server/http/drain.test.ts",
  "test/server/http/turns.test.ts",
  "test/server/limits.test.ts",
  "test/server/shutdown.test.ts",
];

const shared = { testTimeout: 20_000, hookTimeout: 20_000, pool: "forks" } as const;

export default defineConfig({
  test: {
    projects: [
      {
        // Two files at a time: vitest's default on two cores is one (cores - 1), and most of
        // these files wait on sockets and child processes as much as they compute.
        test: {
          ...shared,
          name: "parallel",
          include: ["test/**/*.test.ts"],
          exclude: TIMED,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: "timed",
          include: TIMED,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
