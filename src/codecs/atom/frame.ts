/**
 * The feed framing shared by every kind (P-FMT-2, P-FMT-5, P-FMT-7), written as text in one fixed
 * layout: two-space indentation, one element a line, the `opensearch` prefix for OpenSearch
 * (P-FMT-2 revision 4: feedparser names the elements after it, `opensearch_totalresults`), a
 * default namespace on the data element. The golden files under `fixtures/atom/` pin it byte
 * for byte.
 */
import { toUrnGuid } from "../../model/ids.js";
import { KitError } from "../../model/kit-error.js";
import { escapeText } from "./escape.js";
import { ATOM_NS, OPENSOCIAL_NS, OSEARCH_NS } from "./namespaces.js";

/** Options of the Atom writers. */
export interface AtomWriteOptions {
  /**
   * P-FMT-5: write an RFC 4287-valid feed (feed id, title, updated and author; each entry's
   * `updated` from the record's `updated` value when it is a date-time, else `now`; the entry
   * author as `name` + `uri`, with the P-FMT-2 `url` kept as an OpenSocial extension element).
   * Default false: the layout of social-api.md §4.3 (empty title and updated).
   */
  strict?: boolean;
  /** The response time for strict mode. Default: the current time. */
  now?: Date;
  /** Strict mode: the feed `id`. Default `urn:opensocial-kit:<kind>`. */
  feedId?: string;
  /** Strict mode: the feed `title`. Default empty. */
  feedTitle?: string;
  /** Strict mode: the feed author's `name`. Default `opensocial-kit`. */
  feedAuthor?: string;
  /**
   * Photos only: the platformUserId of the album's owner, written as each entry's author
   * (P-FMT-7). A photo record does not carry its owner, so the photos writer requires it
   * (`toAtom("photos", …)` does not compile without it).
   */
  ownerId?: string;
}

/** The OpenSearch members of the feed head. */
interface FeedHead {
  startIndex: unknown;
  itemsPerPage?: unknown;
  totalResults: unknown;
}

const OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="${ATOM_NS}" xmlns:opensearch="${OSEARCH_NS}">\n`;
const CLOSE = "</feed>\n";
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The start of a data element with its default namespace, at entry-content depth. */
export function dataOpen(name: string): string {
  return `      <${name} xmlns="${OPENSOCIAL_NS}">`;
}

/** `value` as the text of an OpenSearch count: a non-negative integer or its decimal text. */
function countText(name: string, value: unknown): string {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === "string" && /^(0|[1-9][0-9]{0,15})$/.test(value)) return value;
  throw new KitError("OSK_INVALID_VALUE", `${name} must be a non-negative integer`);
}

/** Writes the feed start and the OpenSearch members (and the strict-mode feed metadata). */
export function writeFeedStart(kind: string, head: FeedHead, options: AtomWriteOptions): string {
  let out = `${OPEN}  <opensearch:startIndex>${countText("startIndex", head.startIndex)}</opensearch:startIndex>\n`;
  if (head.itemsPerPage !== undefined) {
    out += `  <opensearch:itemsPerPage>${countText("itemsPerPage", head.itemsPerPage)}</opensearch:itemsPerPage>\n`;
  }
  out += `  <opensearch:totalResults>${countText("totalResults", head.totalResults)}</opensearch:totalResults>\n`;
  if (options.strict) {
    const title = escapeText(options.feedTitle ?? "");
    out += `  <id>${escapeText(options.feedId ?? `urn:opensocial-kit:${kind}`)}</id>\n`;
    out += title === "" ? "  <title/>\n" : `  <title>${title}</title>\n`;
    out += `  <updated>${isoSeconds(options.now)}</updated>\n`;
    out += `  <author>\n    <name>${escapeText(options.feedAuthor ?? "opensocial-kit")}</name>\n  </author>\n`;
  }
  return out;
}

/** The end of the feed. */
export function writeFeedEnd(): string {
  return CLOSE;
}

/**
 * Writes one entry around an already written data element (P-FMT-2 order: content, title,
 * updated, author, id). `id` and `author` are platform ids; `updated` is the record's own
 * timestamp, used in strict mode when it is an RFC 3339 date-time.
 */
export function writeEntry(
  data: string,
  id: string,
  author: string,
  updated: unknown,
  options: AtomWriteOptions,
): string {
  const urnId = escapeText(toUrnGuid(id));
  const urnAuthor = escapeText(toUrnGuid(author));
  let out = `  <entry>\n    <content type="application/xml">\n${data}\n    </content>\n    <title/>\n`;
  if (options.strict) {
    const date =
      typeof updated === "string" && DATE_TIME.test(updated) && !Number.isNaN(Date.parse(updated))
        ? escapeText(updated)
        : isoSeconds(options.now);
    out += `    <updated>${date}</updated>\n    <author>\n      <name>${escapeText(author)}</name>\n      <uri>${urnAuthor}</uri>\n      <url xmlns="${OPENSOCIAL_NS}">${urnAuthor}</url>\n    </author>\n`;
  } else {
    out += `    <updated/>\n    <author>\n      <url>${urnAuthor}</url>\n    </author>\n`;
  }
  return `${out}    <id>${urnId}</id>\n  </entry>\n`;
}

/** RFC 3339 date-time in UTC, whole seconds. */
function isoSeconds(now: Date | undefined): string {
  return (now ?? new Date()).toISOString().replace(/\.\d{3}Z$/, "Z");
}
