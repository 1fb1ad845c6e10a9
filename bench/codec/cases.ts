// The timed cases of the codec bench, each built on the same documents.
import { SaxesParser } from "saxes";
import { fromAtom, toAtom } from "../../src/codecs/atom/index.js";
import { fastXmlParserParse, xmlbuilder2Feed } from "./baselines.js";
import { benchFeed } from "./feed.js";

/** The documents every case works on. */
export function documents() {
  const value = benchFeed(true);
  const plain = benchFeed(false);
  return {
    value,
    atom: toAtom("appdata", value),
    plainAtom: toAtom("appdata", plain),
    json: JSON.stringify(value),
  };
}

const noop = (): void => {};

/** Case name → the operation it times. */
export function cases(): ReadonlyMap<string, () => unknown> {
  const { value, atom, plainAtom, json } = documents();
  return new Map<string, () => unknown>([
    ["serialise: opensocial-kit toAtom", () => toAtom("appdata", value)],
    ["serialise: xmlbuilder2", () => xmlbuilder2Feed(value)],
    ["serialise: JSON.stringify", () => JSON.stringify(value)],
    ["parse: opensocial-kit fromAtom", () => fromAtom("appdata", atom)],
    [
      "parse: saxes alone (xmlns, no handlers)",
      () => new SaxesParser({ xmlns: true }).write(atom).close(),
    ],
    [
      "parse: saxes, no-op handlers (xmlns)",
      () => {
        const parser = new SaxesParser({ xmlns: true });
        for (const event of ["opentag", "closetag", "text", "cdata"] as const)
          parser.on(event, noop);
        parser.write(atom).close();
      },
    ],
    ["parse: fast-xml-parser", () => fastXmlParserParse(atom)],
    ["parse: JSON.parse", () => JSON.parse(json)],
    ["parse (plain values): fromAtom", () => fromAtom("appdata", plainAtom)],
    ["parse (plain values): fast-xml-parser", () => fastXmlParserParse(plainAtom)],
  ]);
}
