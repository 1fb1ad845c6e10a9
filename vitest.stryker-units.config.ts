// The vitest configuration of `npm run mutants:stryker:units`: the server's own tests (test/server/
// and src/server/), which drive the code the conformance suite cannot reach (start-up, the index
// page, /healthz, the HTTP adapter's transport bounds, the request log). Their kills are counted
// apart from the suite's (scripts/stryker-score.ts).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // OSK_UNIT_TESTS (comma-separated files) narrows the run: `mutants:stryker:units -- --tests=…`.
    include: process.env.OSK_UNIT_TESTS?.split(",") ?? [
      "test/server/**/*.test.ts",
      "src/server/**/*.test.ts",
    ],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
