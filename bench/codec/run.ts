// `npm run bench:codec` (issue 3 item 5): on one 50-entry feed of 10 escaping-heavy keys each,
// times serialise and parse with this codec, with xmlbuilder2 / fast-xml-parser, and with
// JSON.stringify / JSON.parse of the same response; prints ops/s and ratios measured in this run.
// BENCH_ROUNDS and BENCH_ROUND_MS tune the run (default 9 rounds of 200 ms CPU time per case).
import { isDeepStrictEqual } from "node:util";
import { SaxesParser } from "saxes";
import { fromAtom, toAtom } from "../../src/codecs/atom/index.js";
import { fastXmlParserParse, xmlbuilder2Feed } from "./baselines.js";
import { benchFeed } from "./feed.js";
import { type Case, measure } from "./measure.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 200);

const value = benchFeed(true);
const plain = benchFeed(false);
const atom = toAtom(value);
const plainAtom = toAtom(plain);
const json = JSON.stringify(value);
const built = xmlbuilder2Feed(value);

// Same document, same value: check before timing.
const back = fromAtom(atom);
if (!back.ok || !isDeepStrictEqual(back.value, value)) {
  throw new Error("round trip failed; not timing a broken codec");
}
const viaBuilder = fromAtom(built);
const builderFaithful =
  viaBuilder.ok && JSON.stringify(viaBuilder.value.entry) === JSON.stringify(value.entry);

const cases: Case[] = [
  { name: "serialise: opensocial-kit toAtom", fn: () => toAtom(value) },
  { name: "serialise: xmlbuilder2", fn: () => xmlbuilder2Feed(value) },
  { name: "serialise: JSON.stringify", fn: () => JSON.stringify(value) },
  { name: "parse: opensocial-kit fromAtom", fn: () => fromAtom(atom) },
  {
    name: "parse: saxes alone (xmlns, no handlers)",
    fn: () => new SaxesParser({ xmlns: true }).write(atom).close(),
  },
  { name: "parse: fast-xml-parser", fn: () => fastXmlParserParse(atom) },
  { name: "parse: JSON.parse", fn: () => JSON.parse(json) },
  { name: "parse (plain values): fromAtom", fn: () => fromAtom(plainAtom) },
  { name: "parse (plain values): fast-xml-parser", fn: () => fastXmlParserParse(plainAtom) },
];
const ops = measure(cases, ROUNDS, ROUND_MS);
const get = (name: string) => ops.get(name) ?? Number.NaN;

const fmt = (n: number) => Math.round(n).toLocaleString("en-US").padStart(9);
console.log(
  `Atom codec bench: 50 entries × 10 keys; escaping-heavy Atom ${atom.length} chars, JSON ${json.length} chars;` +
    ` plain-values Atom ${plainAtom.length} chars; node ${process.version}; median of ${ROUNDS} rounds, CPU time`,
);
console.log(`${"case".padEnd(44)} | ops/s (CPU)`);
console.log(`${"-".repeat(44)}-|------------`);
for (const c of cases) console.log(`${c.name.padEnd(44)} | ${fmt(get(c.name))}`);
console.log("");
const ratio = (a: string, b: string) => (get(a) / get(b)).toFixed(2);
console.log(
  `serialise: toAtom / xmlbuilder2          = ${ratio("serialise: opensocial-kit toAtom", "serialise: xmlbuilder2")}×  (goal ≥ 10)`,
);
console.log(
  `serialise: JSON.stringify / toAtom       = ${ratio("serialise: JSON.stringify", "serialise: opensocial-kit toAtom")}×  (goal ≤ 5)`,
);
console.log(
  `parse:     fromAtom / fast-xml-parser     = ${ratio("parse: opensocial-kit fromAtom", "parse: fast-xml-parser")}×  (goal ≥ 3)`,
);
console.log(
  `parse:     saxes alone / fast-xml-parser  = ${ratio("parse: saxes alone (xmlns, no handlers)", "parse: fast-xml-parser")}×  (the ceiling with saxes)`,
);
console.log(
  `parse:     plain values, fromAtom / f-x-p = ${ratio("parse (plain values): fromAtom", "parse (plain values): fast-xml-parser")}×`,
);
console.log(
  `parse:     JSON.parse / fromAtom          = ${ratio("parse: JSON.parse", "parse: opensocial-kit fromAtom")}×`,
);
console.log(
  `xmlbuilder2 output reads back unchanged: ${builderFaithful ? "yes" : "NO: values changed (its issue #117: `&amp;` in a value is written as is)"}`,
);
