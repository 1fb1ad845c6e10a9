/**
 * A paging rewrite a correct server's responses may undergo at core: a small default page.
 * social-api.md leaves the default page size open ("Sample page sizes: 20 for albums and photos,
 * 50 for friends. The maximum page size is not shown.", §8; "Paging request parameter names: not
 * shown.", §4), so a server may answer a list request that names no paging parameter with a page
 * of two, saying so in `itemsPerPage` and counting every match in `totalResults`. P-PAGE-1
 * decides the defaults (20 and 50), so at profile the same server breaks that rule alone.
 */
import { signedAfresh } from "./resign.js";
import type { ForwardedRequest, RewrittenRequest, WireRewrite } from "./variant-proxy.js";

/** The page size the rewrite answers a list request with. */
export const SMALL_PAGE = 2;

/** The lists (§4.1 albums, §4.2 photos, §4.6 `@friends` and `@all` without a pid). */
const LIST_PATH =
  /^\/os\/0\.8\/(?:albums\/[^/]+\/@self|mediaitems\/[^/]+\/@self\/[^/]+|people\/[^/]+\/@(?:friends|all))\/?$/;

/** The paging parameters a request may name (P-PAGE-1's; no others are shown). */
const PAGING_PARAMETERS = ["count", "startIndex"];

/** True for a GET of a list (§4.1, §4.2, §4.6 without a pid). */
function isListRequest(request: RewrittenRequest): boolean {
  return (
    request.method === "GET" &&
    LIST_PATH.test(new URL(request.url, "http://variant.invalid").pathname)
  );
}

/** True for a GET of a list that names no paging parameter: the server's default page. */
export function isDefaultPageRequest(request: RewrittenRequest): boolean {
  const url = new URL(request.url, "http://variant.invalid");
  return isListRequest(request) && PAGING_PARAMETERS.every((p) => !url.searchParams.has(p));
}

/** A JSON list cut to its first `size` entries, `itemsPerPage` the page size. */
function cutJson(body: string, size = SMALL_PAGE): string {
  const doc = JSON.parse(body) as unknown;
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) return body;
  const list = doc as Record<string, unknown>;
  if (!Array.isArray(list.entry)) return body;
  return JSON.stringify({
    ...list,
    entry: list.entry.slice(0, size),
    itemsPerPage: size,
  });
}

/**
 * An Atom feed cut to its first {@link SMALL_PAGE} entries, its OpenSearch `itemsPerPage` the
 * page size (the reference server's feeds: entries do not nest, the OpenSearch prefix is one).
 */
function cutAtom(body: string, size = SMALL_PAGE): string {
  let seen = 0;
  return body
    .replace(/[ \t]*<entry\b[\s\S]*?<\/entry>\s*/g, (entry) => (++seen <= size ? entry : ""))
    .replace(
      /<([A-Za-z_][\w.-]*:)?itemsPerPage>[^<]*<\/\1?itemsPerPage>/,
      (_all, prefix: string | undefined) =>
        `<${prefix ?? ""}itemsPerPage>${size}</${prefix ?? ""}itemsPerPage>`,
    );
}

/**
 * A small default page: a list request without `count` or `startIndex` gets the first
 * {@link SMALL_PAGE} entries, `itemsPerPage` {@link SMALL_PAGE}, `totalResults` kept (JSON and
 * Atom alike, as one server would answer both).
 */
export const smallDefaultPage = (body: string, type: string, request: RewrittenRequest): string => {
  if (!isDefaultPageRequest(request)) return body;
  if (type.includes("json")) return cutJson(body);
  if (type.includes("atom")) return cutAtom(body);
  return body;
};

/** The largest page {@link pageCap} answers. */
export const MAX_PAGE = 2;

/** The `itemsPerPage` a JSON list or Atom feed states, if it states one. */
function statedPageSize(body: string, type: string): number | undefined {
  const text = type.includes("json")
    ? String((JSON.parse(body) as { itemsPerPage?: unknown }).itemsPerPage ?? "")
    : (/<(?:[A-Za-z_][\w.-]*:)?itemsPerPage>([^<]*)</.exec(body)?.[1] ?? "");
  return /^[0-9]+$/.test(text.trim()) ? Number(text) : undefined;
}

/**
 * A maximum page size of {@link MAX_PAGE}: every list page (whatever `count` asked) holds at most
 * that many entries from its start, `itemsPerPage` at most that size, `totalResults` kept. §8:
 * "The maximum page size is not shown"; P-PAGE-1 decides 1000 (and the defaults) at profile.
 */
export const pageCap = (body: string, type: string, request: RewrittenRequest): string => {
  if (!isListRequest(request)) return body;
  const stated = statedPageSize(body, type);
  if (stated === undefined || stated <= MAX_PAGE) return body;
  if (type.includes("json")) return cutJson(body, MAX_PAGE);
  if (type.includes("atom")) return cutAtom(body, MAX_PAGE);
  return body;
};

/**
 * `request` without its paging parameters when it is a list request naming one, signed afresh
 * (resign.ts), else undefined.
 */
function withoutPaging(request: ForwardedRequest): ForwardedRequest | undefined {
  return isListRequest(request) ? signedAfresh(request, { drop: PAGING_PARAMETERS }) : undefined;
}

/**
 * Paging parameters of other names: the server takes neither `startIndex` nor `count` (it would
 * page with parameters of its own), so every request is answered as if it named none, a list
 * with its default page. §4: "Paging request parameter names: not shown."; P-PAGE-1 names them
 * at profile.
 */
export const pagingNamedOtherwise: WireRewrite = { request: withoutPaging };

/**
 * The paging values §8 shows a server taking: plain digits without leading zeros, at most its
 * smallest sample page size (20).
 */
const SHOWN_PAGING = /^(?:0|[1-9][0-9]*)$/;
const SHOWN_PAGING_MAX = 20;

/**
 * A strict server: a list request with a paging value other than those §8 shows it taking (a
 * larger page or start, leading zeros, or one the profile calls invalid) is answered 400 with an
 * error body, where the upstream answered 200. §7.2: "paging value invalid" answers 400, which
 * values are invalid is not shown; §7.3 leaves the album and photo statuses open; P-PAGE-1 and
 * P-PAGE-2 decide them at profile.
 */
export const strictPaging: WireRewrite = {
  replace(answer) {
    if (answer.status !== 200 || !isListRequest(answer)) return undefined;
    const url = new URL(answer.url, "http://variant.invalid");
    const taken = PAGING_PARAMETERS.every((p) => {
      const v = url.searchParams.get(p);
      return v === null || (SHOWN_PAGING.test(v) && Number(v) <= SHOWN_PAGING_MAX);
    });
    if (taken) return undefined;
    return {
      status: 400,
      contentType: "application/json; charset=utf-8",
      body: JSON.stringify({ error: { code: 400, message: "paging value not taken" } }),
    };
  },
};

/**
 * An application-data answer with `itemsPerPage` too, the number of users it lists (JSON, and
 * `opensearch:itemsPerPage` in Atom): §1 says list responses carry it "where stated" and §2.5
 * neither states nor forbids it; P-PAGE-4.3 decides there is none, at profile.
 */
export const appDataItemsPerPage = (body: string, type: string): string => {
  if (type.includes("json")) {
    const doc = JSON.parse(body) as { entry?: unknown; id?: unknown } | null;
    const appdata = doc !== null && typeof doc.entry === "object" && !Array.isArray(doc.entry);
    if (!appdata || !Array.isArray(doc.id)) return body;
    return JSON.stringify({ ...doc, itemsPerPage: doc.id.length });
  }
  // an appdata feed: its OpenSearch totalResults, repeated as itemsPerPage beside it
  if (!body.includes("appdata")) return body;
  return body.replace(
    /<((?:[\w.-]+:)?)totalResults>([0-9]+)<\/\1totalResults>/,
    (all, prefix: string, n: string) => `${all}<${prefix}itemsPerPage>${n}</${prefix}itemsPerPage>`,
  );
};
