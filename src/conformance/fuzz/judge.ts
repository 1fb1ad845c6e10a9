/**
 * Judges one answer against what the model expects: the status (P-ERR-5's order of faults
 * decided by the model), then, for a read, the data. Core applies the readers' tolerance
 * (P-FMT-6 renderings, extension members, entry order where §4 promises none); profile adds
 * the writers' rules (declared types, stated absences, order by id, error bodies, empty write
 * answers). JSON member order is never judged (P-FMT-3 rev. 4).
 */
import { OPTIONAL_PERSON_FIELDS } from "../../model/resources.js";
import { JSON_MEDIA_TYPE, mediaTypeOf } from "../../wire/media-type.js";
import type { Level } from "../case-types.js";
import { extensionMembers, firstDifference } from "../checks/difference.js";
import { withoutEmptyAddresses } from "../checks/empty-addresses.js";
import { withoutEmptyRecords } from "../checks/empty-records.js";
import type { Expected } from "./expected.js";
import type { Finding } from "./finding-codes.js";
import type { Answer } from "./wire.js";

export type { Finding } from "./finding-codes.js";

/**
 * Thrown by a fuzz command whose answer breaks a rule; fast-check then shrinks the sequence.
 * Its Error message carries the code only: the words are the reporters' (fuzz-finding-text.ts).
 */
export class FuzzFailure extends Error {
  override readonly name = "FuzzFailure";
  constructor(
    readonly finding: Finding,
    readonly answer?: Answer,
  ) {
    super(`${finding.statement} at ${finding.path}: ${finding.code}`);
  }
}

/** Parses a JSON answer body; a parse problem is a finding. */
function jsonOf(answer: Answer, statement: string): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch (e) {
    throw new FuzzFailure(
      {
        statement,
        path: "body",
        code: "body-not-json",
        detail: (e as Error).message,
        body: answer.text.slice(0, 120),
      },
      answer,
    );
  }
}

/** The media type of an answer (wire/media-type.ts). */
export function mediaType(answer: Answer): string {
  return mediaTypeOf(answer.headers["content-type"]);
}

/** Checks every answer must pass, whatever was asked: no 500, no unasked compression. */
export function judgeAlways(answer: Answer): void {
  if (answer.status >= 500 && !(answer.status === 505 && answer.request.http10))
    throw new FuzzFailure(
      {
        statement: "P-ERR-3",
        path: "status",
        code: "server-error",
        status: answer.status,
      },
      answer,
    );
  const asked = Object.keys(answer.request.headers ?? {}).some(
    (h) => h.toLowerCase() === "accept-encoding",
  );
  const enc = answer.headers["content-encoding"];
  if (!asked && enc !== undefined && enc !== "identity")
    throw new FuzzFailure(
      {
        statement: "P-ERR-2",
        path: "header:content-encoding",
        code: "unasked-compression",
        encoding: enc,
      },
      answer,
    );
}

/**
 * True when a profile rule decides the expected status: rule ids of profile.md are `P-…`, the
 * statements of social-api.md `S-…` (conformance/statements.json gives each its level so).
 */
function profileDecides(expected: Expected): boolean {
  return (expected.statusStatement ?? expected.statement).startsWith("P-");
}

/** The statuses besides `expected.status` a core judge takes (its alternatives' too). */
function coreTaken(expected: Expected): number[] {
  const also = expected.coreAlso;
  return [
    ...(expected.coreStatuses ?? []),
    ...(also ? [also.status, ...(also.coreStatuses ?? [])] : []),
  ];
}

/** The status, and the writers' rules of error bodies and empty write answers (profile). */
export function judgeStatus(answer: Answer, expected: Expected, level: Level): void {
  judgeAlways(answer);
  // At core a status only the profile decides is not held (a 5xx fails all the same, above).
  const taken =
    level === "core" && (profileDecides(expected) || coreTaken(expected).includes(answer.status));
  if (answer.status !== expected.status && !taken)
    throw new FuzzFailure(
      {
        statement:
          expected.byStatus?.[answer.status] ?? expected.statusStatement ?? expected.statement,
        path: "status",
        code: "status-wrong",
        expected: expected.status,
        status: answer.status,
        body: answer.text.slice(0, 160),
      },
      answer,
    );
  if (level !== "profile") return;
  if (answer.status >= 400 && answer.request.method !== "HEAD") {
    const body = jsonOf(answer, "P-ERR-1") as { error?: { code?: unknown; message?: unknown } };
    if (body?.error?.code !== answer.status || typeof body.error.message !== "string")
      throw new FuzzFailure(
        {
          statement: "P-ERR-1",
          path: "/error",
          code: "error-body-wrong",
          status: answer.status,
          body,
        },
        answer,
      );
  }
  if (
    answer.status === 200 &&
    expected.body === undefined &&
    answer.request.method !== "GET" &&
    answer.body.length > 0
  )
    throw new FuzzFailure(
      {
        statement: "P-DATA-2.4",
        path: "body",
        code: "write-body-not-empty",
        body: answer.text.slice(0, 120),
      },
      answer,
    );
}

const OPTIONAL_PERSON_MEMBERS: ReadonlySet<string> = new Set(OPTIONAL_PERSON_FIELDS);

const idOf = (v: unknown) =>
  v !== null && typeof v === "object" ? (v as { id?: unknown }).id : undefined;

/**
 * The statement a difference in a read's data belongs to: `want` and `got` are the values at
 * `pointer`, `doc` the whole answer (for the order and page-size rules).
 */
function statementAt(
  expected: Expected,
  pointer: string,
  want: unknown,
  got: unknown,
  doc?: unknown,
): string {
  const tokens = pointer.split("/");
  const top = tokens[1] ?? "";
  const member = tokens[tokens.length - 1] ?? "";
  if (expected.kind === "appdata") {
    const why = expected.explain?.(pointer, got);
    if (why) return why;
    if (top === "itemsPerPage") return "P-PAGE-4";
    if (top === "entry" && got !== undefined && typeof got !== "string" && tokens.length === 4)
      return "S-2.5-APPDATA-SHAPE";
    if (top !== "entry") return "S-2.5-APPDATA-SHAPE";
    return expected.statement;
  }
  if (expected.list) {
    if (got === undefined && ["totalResults", "itemsPerPage", "startIndex"].includes(top))
      return "S-2.4-PAGING-FIELDS";
    if (top === "itemsPerPage") {
      // P-PAGE-3: itemsPerPage is the page size asked for, not the entries returned.
      const returned = (doc as { entry?: unknown[] } | undefined)?.entry;
      return Array.isArray(returned) && Number(got) === returned.length ? "P-PAGE-3" : "P-PAGE-1";
    }
    if (top === "startIndex") return "P-PAGE-1";
    if (top === "totalResults") return expected.selective ? expected.statement : "P-PAGE-3";
    if (top === "entry" && tokens.length === 3) {
      // A whole entry differs: one of the list in another place breaks the order (P-PAGE-3).
      const all = expected.all ?? [];
      if (all.some((a) => idOf(a) === idOf(got)) && idOf(got) !== undefined) {
        const at = all.findIndex((a) => idOf(a) === idOf(got));
        const startIndex = Number((expected.body as { startIndex?: unknown }).startIndex ?? 0);
        return at - startIndex !== Number(tokens[2]) ? "P-PAGE-3" : expected.statement;
      }
      if (got === undefined || want === undefined)
        return expected.selective ? expected.statement : "P-PAGE-1";
    }
    if (top === "entry" && tokens.length === 4 && member === "id") {
      const all = expected.all ?? [];
      if (all.some((a) => idOf(a) === got))
        return expected.selective ? expected.statement : "P-PAGE-3";
    }
  } else if (top === "itemsPerPage") return expected.statement;
  if (member === "mediaItemCount") return "S-2.2-ALBUM-FIELDS";
  if (member === "mediaMimeType" || pointer.includes("/mediaMimeType/")) return "P-ALBUM-3";
  if (member === "hasApp") return "S-2.6-PERSON-ALWAYS";
  if (member === "isViewer" || member === "isOwner") return "S-2.6-PERSON-SELF-ONLY";
  if (OPTIONAL_PERSON_MEMBERS.has(member))
    // Asked for and missing: fields ignored (§4.6); there unasked or invented: §2.6.
    return want !== undefined && got === undefined && expected.statement === "S-4.6-FIELDS"
      ? "S-4.6-FIELDS"
      : "S-2.6-PERSON-FIELDS";
  if (expected.kind === "photos" && tokens.length === 4) return "S-2.3-PHOTO-FIELDS";
  if (expected.kind === "albums" && tokens.length === 4) return "S-2.2-ALBUM-FIELDS";
  return expected.statement;
}

function differ(
  expected: Expected,
  pointer: string,
  want: unknown,
  got: unknown,
  prefix = "",
  doc?: unknown,
): never {
  throw new FuzzFailure({
    statement: statementAt(expected, pointer, want, got, doc),
    path: `${prefix}${pointer || "/"}`,
    code: "data-differs",
    expected: want,
    actual: got,
  });
}

/** A paging member's value as a whole number, in either rendering §2.4 shows, if it is one. */
function servedNumber(value: unknown): number | undefined {
  const n = typeof value === "string" && /^[0-9]+$/.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/**
 * The page the model expects when the answer's `startIndex` and `itemsPerPage` are taken as the
 * page it serves: as many entries as that size, from that start (a list at core, paging asked or
 * not: a server may name its paging parameters otherwise and ignore `startIndex` and `count`).
 */
function pageAsServed(expected: Expected, got: unknown): Record<string, unknown> {
  const want = expected.body ?? {};
  if (!expected.pageSizeOpen) return want;
  const served = got as { itemsPerPage?: unknown; startIndex?: unknown } | null;
  const size = servedNumber(served?.itemsPerPage);
  const start = servedNumber(served?.startIndex) ?? servedNumber(want.startIndex) ?? 0;
  const count = size !== undefined && size >= 1 ? size : servedNumber(want.itemsPerPage);
  if (count === undefined) return want;
  return {
    ...want,
    entry: (expected.all ?? []).slice(start, start + count),
    startIndex: start,
    itemsPerPage: count,
  };
}

/**
 * The data of a 200 read (`value`, from JSON or read back from Atom) against the model.
 * `prefix` marks where it came from in messages. With `pageSizeOpen` (at core), a list is
 * judged as a page of the start and size it says (§4 and §8 leave the parameter names and sizes
 * open).
 */
export function judgeData(
  expected: Expected,
  value: unknown,
  level: Level,
  prefix = "",
  pageSizeOpen = level === "core",
): void {
  const want = pageSizeOpen ? pageAsServed(expected, value) : (expected.body ?? {});
  const lenient = level === "core";
  const appdata = expected.kind === "appdata";
  const extension = extensionMembers(appdata);
  const ignoreExtra = (name: string, pointer: string) =>
    extension(name, pointer) || (lenient && pointer === "/itemsPerPage");
  // §2.5: at core a user with no key to return may be listed as {} (P-DATA-5 is the profile's).
  // §2.6: a person without addresses may show an empty list (empty-addresses.ts), at any level.
  let got = (
    lenient && appdata ? withoutEmptyRecords(value) : withoutEmptyAddresses(value)
  ) as Record<string, unknown>;
  if (got === null || typeof got !== "object" || Array.isArray(got))
    differ(expected, "", want, got, prefix);
  // P-PEOPLE-1: a core check accepts a pid answer's entry as an object or a one-element array.
  if (lenient && expected.kind === "person" && Array.isArray(got.entry) && got.entry.length === 1)
    got = { ...got, entry: got.entry[0] };
  if (!expected.list) {
    const d = firstDifference(want, got, { lenient, ignoreExtra, unordered: (p) => p === "/id" });
    if (d) differ(expected, d.pointer, d.expected, d.actual, prefix, got);
    return;
  }
  const { entry, ...paging } = want as { entry: unknown[] } & Record<string, unknown>;
  const { entry: gotEntry, ...gotPaging } = got as { entry?: unknown } & Record<string, unknown>;
  const d = firstDifference(paging, gotPaging, { lenient, ignoreExtra });
  if (d) differ(expected, d.pointer, d.expected, d.actual, prefix, got);
  const all = expected.all ?? [];
  const opts = { lenient, ignoreExtra };
  if (!lenient || !Array.isArray(gotEntry)) {
    const e = firstDifference(entry, gotEntry, opts, "/entry");
    if (e) differ(expected, e.pointer, e.expected, e.actual, prefix, got);
    return;
  }
  // Core: §4 promises no order, so a page is checked as a selection of the right size.
  if (gotEntry.length !== entry.length) differ(expected, "/entry", entry, gotEntry, prefix);
  if (entry.length === all.length) {
    const e = firstDifference(
      entry,
      gotEntry,
      { ...opts, unordered: (p) => p === "/entry" },
      "/entry",
    );
    if (e) differ(expected, e.pointer, e.expected, e.actual, prefix);
    return;
  }
  gotEntry.forEach((item, i) => {
    if (!all.some((a) => firstDifference(a, item, opts) === undefined))
      differ(expected, `/entry/${i}`, "an item of the whole list", item, prefix);
  });
}

/** A 200 read answered in JSON: the media type (profile), then the data. */
export function judgeJsonRead(answer: Answer, expected: Expected, level: Level): unknown {
  if (level === "profile" && mediaType(answer) !== JSON_MEDIA_TYPE)
    throw new FuzzFailure(
      {
        statement: "P-FMT-1",
        path: "header:content-type",
        code: "content-type-not-json",
        contentType: answer.headers["content-type"],
      },
      answer,
    );
  const value = jsonOf(answer, expected.statement);
  try {
    judgeData(expected, value, level);
  } catch (e) {
    if (e instanceof FuzzFailure) throw new FuzzFailure(e.finding, answer);
    throw e;
  }
  return value;
}

/** True when `expected` takes an answer of `status` at `level`. */
const admits = (expected: Expected, status: number, level: Level): boolean =>
  expected.status === status ||
  (level === "core" && (expected.coreStatuses ?? []).includes(status));

/**
 * A 200 read answered in JSON, judged by `expected` or, at core, by its `coreAlso`: by the first
 * of the two that takes the answer's status and whose data the answer meets (an answer meeting
 * neither fails by the first that takes its status). Returns the decoded body and the expectation
 * it met, by which its Atom form is judged too.
 */
export function judgeJsonReadAtLevel(
  answer: Answer,
  expected: Expected,
  level: Level,
): { json: unknown; met: Expected } {
  const also = level === "core" ? expected.coreAlso : undefined;
  const candidates = [expected, ...(also ? [also] : [])].filter((e) =>
    admits(e, answer.status, level),
  );
  let first: unknown;
  for (const met of candidates.length > 0 ? candidates : [expected]) {
    try {
      return { json: judgeJsonRead(answer, met, level), met };
    } catch (e) {
      if (!(e instanceof FuzzFailure)) throw e;
      first ??= e;
    }
  }
  throw first;
}
