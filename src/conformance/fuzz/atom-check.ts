/**
 * JSON ↔ Atom consistency (P-FMT-2, P-FMT-3, P-FMT-7): the Atom form of a read carries exactly
 * the data of its JSON form. The feed is read with the library's Atom reader (any prefixes, the
 * P-FMT-4 escape undone, text typed back leniently) and held to the same model the JSON answer
 * passed; at profile the key order of each appdata element (P-FMT-3) and the `url` child of
 * each entry's author (§4.3, P-FMT-2) are checked on the tree itself. At core a JSON answer to
 * the Atom request is judged as JSON (§4.3 does not show how Atom is asked for).
 */

import { fromAtom, OPENSOCIAL_NS, OSEARCH_NS } from "../../codecs/atom/index.js";
import { decodeName, encodeName } from "../../codecs/atom/names.js";
import { isOpenSearchNs } from "../../codecs/atom/namespaces.js";
import { parseXmlDocument } from "../../codecs/atom/read.js";
import type { XmlElement } from "../../codecs/atom/tree.js";
import { pointerTokens } from "../../model/json-pointer.js";
import type { Level } from "../case-types.js";
import { ANSWER_ATOM_LIMITS } from "../checks/answer-limits.js";
import { authorUrls } from "../checks/atom-author.js";
import type { Expected } from "./expected.js";
import type { Finding } from "./finding-codes.js";
import { FuzzFailure, judgeAlways, judgeData, judgeJsonRead, mediaType } from "./judge.js";
import type { Answer } from "./wire.js";

const NAME_START = /^[A-Za-z_]/;
/** A key written as its own element name (no P-FMT-4 escape needed). */
const PLAIN = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** The statement an Atom difference belongs to. */
function atomStatement(expected: Expected, pointer = ""): string {
  if (expected.kind !== "appdata") return "P-FMT-7";
  if (!pointer.startsWith("/entry")) return "S-4.3-ATOM";
  const [, , user, key] = ["", ...pointerTokens(pointer)];
  const entry = (expected.body?.entry ?? {}) as Record<string, Record<string, string>>;
  // A value whose CR did not survive the XML text (P-DATA-1: CR is a value character).
  if (key !== undefined && entry[user ?? ""]?.[key]?.includes("\r")) return "P-DATA-1";
  const escaped =
    key !== undefined ? !PLAIN.test(key) || key.includes("_x") : needsEscape(expected);
  return escaped ? "P-FMT-4" : "P-FMT-3";
}

function needsEscape(expected: Expected): boolean {
  for (const keys of expected.keyOrder?.values() ?? [])
    if (keys.some((k) => !NAME_START.test(k) || k.includes("_x"))) return true;
  return false;
}

const atomChildren = (el: XmlElement, local: string) =>
  el.children.filter((c) => c.local === local);

/**
 * Judges the Atom answer to the same read as a 200 JSON answer the model accepted (`json`, its
 * decoded body: at profile a person's, album's or photo's children follow its members, P-FMT-7).
 */
export function judgeAtomRead(
  answer: Answer,
  expected: Expected,
  level: Level,
  json?: unknown,
): void {
  judgeAlways(answer);
  const kind = expected.kind;
  if (!kind) return;
  const type = mediaType(answer);
  if (answer.status !== 200)
    throw new FuzzFailure(
      {
        statement: atomStatement(expected),
        path: "atom:status",
        code: "atom-status",
        status: answer.status,
      },
      answer,
    );
  // "Way to choose between JSON and Atom: not shown." (§4.3): at core a server that does not take
  // the way asked may answer JSON, which is then judged as the JSON read it is (P-FMT-1 decides
  // both ways at profile).
  if (type === "application/json" && level === "core") {
    judgeJsonRead(answer, expected, level);
    return;
  }
  if (type === "application/json" || (level === "profile" && type !== "application/atom+xml"))
    throw new FuzzFailure(
      {
        // P-FMT-1 chooses the form; P-FMT-7 gives people, albums and photos theirs.
        statement:
          type === "application/json" && expected.kind !== "appdata" ? "P-FMT-7" : "P-FMT-1",
        path: "atom:header:content-type",
        code: "atom-content-type",
        contentType: answer.headers["content-type"],
      },
      answer,
    );
  // an id outside §2.1's form is judged by the cases about §2.1, as the checks read it
  const read = fromAtom(kind, answer.body, { anyIdForm: true, limits: ANSWER_ATOM_LIMITS });
  if (!read.ok) {
    const i = read.issues[0];
    const malformed = i?.code?.startsWith("xml-") ?? false;
    throw new FuzzFailure(
      {
        statement:
          malformed && needsEscape(expected) ? "P-FMT-4" : atomStatement(expected, i?.pointer),
        path: `atom:${i?.xml?.xpath ?? i?.pointer ?? ""}`,
        code: "atom-unreadable",
        issue: i?.code ?? "",
        detail: i?.message ?? "",
      },
      answer,
    );
  }
  try {
    judgeData(expected, read.value, "core", "atom:", level === "core");
  } catch (e) {
    if (!(e instanceof FuzzFailure)) throw e;
    const inner = e.finding;
    const statement = atomStatement(expected, inner.path.replace(/^atom:/, ""));
    throw new FuzzFailure(
      inner.code === "data-differs"
        ? { ...inner, statement, code: "atom-differs" }
        : { ...inner, statement },
      answer,
    );
  }
  if (level === "profile") judgeAtomTree(answer, expected, json);
}

/** The member names of the JSON form's items, in order (`entry` an object or an array). */
function jsonItems(json: unknown): string[][] {
  const entry = (json as { entry?: unknown } | undefined)?.entry;
  const items = Array.isArray(entry) ? entry : entry === undefined ? [] : [entry];
  return items.map((x) => (x !== null && typeof x === "object" ? Object.keys(x) : []));
}

/** `names` reduced to those in `among`, each once, at its first place. */
const shared = (names: readonly string[], among: ReadonlySet<string>): string[] =>
  [...new Set(names)].filter((n) => among.has(n));

/** A finding of the Atom tree, before `fail` adds its statement and path. */
type AtomTreeFinding = Finding extends infer F
  ? F extends { code: `atom-${string}` }
    ? Omit<F, "statement" | "path">
    : never
  : never;

/** Profile: the framing and naming rules the reader forgives (§4.3, P-FMT-2, P-FMT-3, P-FMT-4, P-FMT-7). */
function judgeAtomTree(answer: Answer, expected: Expected, json: unknown): void {
  const tree = parseXmlDocument(answer.body, ANSWER_ATOM_LIMITS);
  if (!tree.ok) return;
  const appdata = expected.kind === "appdata";
  const frame = appdata ? "S-4.3-ATOM" : "P-FMT-7";
  const fail = (statement: string, path: string, found: AtomTreeFinding): never => {
    throw new FuzzFailure({ statement, path: `atom:${path}`, ...found } as Finding, answer);
  };
  // P-FMT-2: writers use the OpenSearch namespace without its trailing slash (readers take both).
  for (const el of tree.value.children) {
    if (isOpenSearchNs(el.uri) && el.uri !== OSEARCH_NS)
      fail("P-FMT-2", `/feed/${el.local}`, { code: "atom-opensearch-ns", uri: el.uri });
    // P-PAGE-4: application data is not paged, in Atom either.
    if (appdata && isOpenSearchNs(el.uri) && el.local === "itemsPerPage")
      fail("P-PAGE-4", `/feed/${el.local}`, { code: "atom-items-per-page" });
  }
  const members = jsonItems(json);
  const body = expected.body ?? {};
  const items: Record<string, unknown>[] = appdata
    ? []
    : Array.isArray(body.entry)
      ? (body.entry as Record<string, unknown>[])
      : [body.entry as Record<string, unknown>];
  atomChildren(tree.value, "entry").forEach((entry, i) => {
    const author = atomChildren(entry, "author")[0];
    const url = author ? authorUrls(author, false) : [];
    if (url.length !== 1)
      fail(frame, `/feed/entry[${i + 1}]/author`, {
        code: "atom-author-url-missing",
      });
    const id = (atomChildren(entry, "id")[0]?.text ?? "").trim().replace(/^urn:guid:/, "");
    const item = items[i];
    if (item) {
      const want = expected.atomAuthor?.(item) ?? String(item.id);
      const got = (url[0]?.text ?? "").trim();
      if (got !== `urn:guid:${want}`)
        fail("P-FMT-7", `/feed/entry[${i + 1}]/author/url`, {
          code: "atom-guid-wrong",
          expected: want,
          actual: got,
        });
      if (id !== String(item.id))
        fail("P-FMT-7", `/feed/entry[${i + 1}]/id`, {
          code: "atom-guid-wrong",
          expected: String(item.id),
          actual: id,
        });
    }
    const data = atomChildren(entry, "content")[0]?.children[0];
    if (!data) return;
    for (const child of data.children)
      if (child.uri !== OPENSOCIAL_NS)
        fail(
          appdata ? "P-FMT-3" : "P-FMT-7",
          `/feed/entry[${i + 1}]/content/${data.local}/${child.local}`,
          { code: "atom-member-namespace", uri: child.uri },
        );
    if (!appdata) {
      // P-FMT-7: one child per JSON member, in the JSON order (names one form lacks passed over).
      const want = members[i] ?? [];
      const got = data.children.map((c) => c.local);
      const expectedOrder = shared(want, new Set(got));
      const actualOrder = shared(got, new Set(want));
      if (expectedOrder.join("\u0000") !== actualOrder.join("\u0000"))
        fail("P-FMT-7", `/feed/entry[${i + 1}]/content/${data.local}`, {
          code: "atom-member-order",
          expected: expectedOrder,
          actual: actualOrder,
        });
      return;
    }
    const names = data.children.map((c) => c.local);
    for (const local of names)
      if (encodeName(decodeName(local)) !== local)
        fail("P-FMT-4", `/feed/entry[${i + 1}]/content/appdata/${local}`, {
          code: "atom-key-escape",
          key: decodeName(local),
          written: encodeName(decodeName(local)),
        });
    const want = expected.keyOrder?.get(id);
    const got = names.map(decodeName);
    if (want && got.join("\u0000") !== want.join("\u0000"))
      fail("P-FMT-3", `/feed/entry[${i + 1}]/content/appdata`, {
        code: "atom-key-order",
        expected: want,
        actual: got,
      });
  });
}
