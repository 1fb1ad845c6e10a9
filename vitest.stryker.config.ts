// The vitest configuration StrykerJS runs (`npm run mutants:stryker`): only the conformance
// suite against the in-process reference server, one test per case.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/stryker/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: "forks",
  },
});
