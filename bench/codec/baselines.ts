// The libraries the design card named, used here only as baselines (and kept out of src/):
// xmlbuilder2 builds the same feed; fast-xml-parser parses it.
import { XMLParser } from "fast-xml-parser";
import { create } from "xmlbuilder2";
import { encodeName } from "../../src/codecs/atom/names.js";
import { ATOM_NS, OPENSOCIAL_NS, OSEARCH_NS } from "../../src/codecs/atom/namespaces.js";
import type { AppDataResponse } from "../../src/model/responses.js";

/** The P-FMT-2 feed built with xmlbuilder2 (same elements, same pretty layout). */
export function xmlbuilder2Feed(value: AppDataResponse): string {
  const feed = create({ version: "1.0", encoding: "UTF-8" }).ele(ATOM_NS, "feed");
  feed.att("http://www.w3.org/2000/xmlns/", "xmlns:opensearch", OSEARCH_NS);
  feed.ele(OSEARCH_NS, "opensearch:startIndex").txt(String(value.startIndex));
  feed.ele(OSEARCH_NS, "opensearch:totalResults").txt(String(value.totalResults));
  for (const user of Object.keys(value.entry)) {
    const entry = feed.ele(ATOM_NS, "entry");
    const data = entry
      .ele(ATOM_NS, "content")
      .att("type", "application/xml")
      .ele(OPENSOCIAL_NS, "appdata");
    const record = value.entry[user] ?? {};
    for (const key of Object.keys(record))
      data.ele(OPENSOCIAL_NS, encodeName(key)).txt(record[key] ?? "");
    entry.ele(ATOM_NS, "title");
    entry.ele(ATOM_NS, "updated");
    entry.ele(ATOM_NS, "author").ele(ATOM_NS, "url").txt(`urn:guid:${user}`);
    entry.ele(ATOM_NS, "id").txt(`urn:guid:${user}`);
  }
  return feed.end({ prettyPrint: true });
}

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: false });

/** fast-xml-parser's object tree of `xml` (not namespace-aware: prefixes stay in the names). */
export function fastXmlParserParse(xml: string): unknown {
  return parser.parse(xml);
}
