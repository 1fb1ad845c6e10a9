/**
 * `tsx bench/server/profile-top.ts FILE.cpuprofile [N]`: the N (default 30) functions with the
 * most self time in a V8 CPU profile (written by `BENCH_CPU_PROF=DIR npm run bench:server`),
 * then the same by total time (the function and what it calls), each as a share of the samples
 * that were not idle.
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const [file, n = "30"] = process.argv.slice(2);
if (!file) {
  process.stderr.write("usage: tsx bench/server/profile-top.ts FILE.cpuprofile [N]\n");
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);

const label = (node: ProfileNode): string => {
  const f = node.callFrame;
  const where = f.url.replace(/^.*\/(node_modules|dist)\//, "$1/").replace(/^file:\/\//, "");
  return `${f.functionName || "(anonymous)"} ${where}:${f.lineNumber + 1}`;
};

const self = new Map<string, number>();
const total = new Map<string, number>();
let busy = 0;
for (const id of profile.samples) {
  const node = byId.get(id);
  if (!node || node.callFrame.functionName === "(idle)") continue;
  busy++;
  self.set(label(node), (self.get(label(node)) ?? 0) + 1);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const l = label(byId.get(at) as ProfileNode);
    if (seen.has(l)) continue;
    seen.add(l);
    total.set(l, (total.get(l) ?? 0) + 1);
  }
}

const print = (title: string, m: Map<string, number>): void => {
  process.stdout.write(`\n${title} (${busy} busy samples)\n`);
  for (const [l, c] of [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(n)))
    process.stdout.write(`${((100 * c) / busy).toFixed(1).padStart(5)} %  ${l}\n`);
};
print("self", self);
print("total", total);
