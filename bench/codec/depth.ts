/**
 * Why the Atom reader caps `maxDepth` at MAX_ATOM_DEPTH: parse time of 1 MiB of
 * nested elements at several depths, and of one chain 32k deep (saxes, the reader's parser until
 * its own scanner, resolved each element's namespace by walking its open ancestors, so time grew
 * with the square of the depth; the scanner keeps one binding stack per prefix).
 * `npx tsx bench/codec/depth.ts`; one run, wall time, on whatever else the machine is doing.
 */
import { parseTree } from "../../src/codecs/atom/tree.js";

const ATOM = "http://www.w3.org/2005/Atom";
const time = (xml: string, depth: number): number => {
  const t0 = performance.now();
  const r = parseTree(xml, depth);
  if (!r.ok) throw new Error(r.issues[0]?.message);
  return performance.now() - t0;
};

for (const depth of [32, 256, 1024]) {
  const chain = "<a>".repeat(depth - 1) + "</a>".repeat(depth - 1);
  const xml = `<feed xmlns="${ATOM}">${chain.repeat(Math.floor((1024 * 1024 - 64) / chain.length))}</feed>`;
  console.log(`1 MiB nested ${depth} deep: ${time(xml, depth).toFixed(0)} ms`);
}
const deep = 32_000;
const one = `<feed xmlns="${ATOM}">${"<a>".repeat(deep)}${"</a>".repeat(deep)}</feed>`;
console.log(`one chain ${deep} deep: ${time(one, deep + 1).toFixed(0)} ms`);
