// Loaded with `node --import` into a timed process: at exit, writes the process's own CPU time
// (µs) and peak resident memory (KiB) as JSON to the file named by OSK_BENCH_USAGE_FILE.
import { writeFileSync } from "node:fs";

process.on("exit", () => {
  const file = process.env.OSK_BENCH_USAGE_FILE;
  if (!file) return;
  const u = process.resourceUsage();
  writeFileSync(
    file,
    JSON.stringify({ cpuUs: u.userCPUTime + u.systemCPUTime, maxRssKiB: u.maxRSS }),
  );
});
