/**
 * The mutants of issue 6: each is one deliberate defect the reference server can switch on
 * (`createServer({ defects: new Set([id]) })`), with the statement it breaks. A mutant that the
 * suite does not kill is a hole in the suite. The ids are the server's `DEFECTS`
 * (src/server/defects.ts); `catalogue.test.ts` keeps the two lists equal.
 */
import type { Defect } from "../../src/server/index.js";

/** One deliberate defect. */
export interface Mutant {
  id: Defect;
  /** The statement it breaks (§ of social-api.md or a profile id). */
  statement: string;
  /** What the defective server does. */
  what: string;
  area:
    | "appdata"
    | "atom"
    | "paging"
    | "people"
    | "albums"
    | "auth"
    | "errors"
    | "limits"
    | "clients";
}

/** Every mutant, grouped by area. */
export const MUTANTS: readonly Mutant[] = [
  // application data
  {
    id: "appdata-100-pairs-accepted",
    statement: "P-DATA-3",
    area: "appdata",
    what: "a write of 100 pairs is accepted",
  },
  {
    id: "appdata-99-pairs-refused",
    statement: "P-DATA-3",
    area: "appdata",
    what: "a write of 99 pairs is refused",
  },
  {
    id: "appdata-fields-100-accepted",
    statement: "P-DATA-3",
    area: "appdata",
    what: "a fields list of 100 keys is accepted",
  },
  {
    id: "appdata-key-alphabet-ignored",
    statement: "P-DATA-1",
    area: "appdata",
    what: "keys outside A-Za-z0-9_.- are stored",
  },
  {
    id: "appdata-value-rules-ignored",
    statement: "P-DATA-1",
    area: "appdata",
    what: "values with characters outside XML Char are stored",
  },
  {
    id: "appdata-values-as-numbers",
    statement: "§2.5",
    area: "appdata",
    what: "numeric-looking values are written as JSON numbers",
  },
  {
    id: "appdata-post-replaces",
    statement: "P-DATA-4",
    area: "appdata",
    what: "POST replaces the record instead of merging",
  },
  {
    id: "appdata-delete-all-keeps-data",
    statement: "§4.5",
    area: "appdata",
    what: "DELETE without fields keeps the data",
  },
  {
    id: "appdata-delete-fields-ignored",
    statement: "§4.5",
    area: "appdata",
    what: "DELETE with fields deletes every key",
  },
  {
    id: "appdata-fields-ignored",
    statement: "§4.3",
    area: "appdata",
    what: "GET ignores fields and returns every key",
  },
  {
    id: "appdata-friend-refused",
    statement: "P-DATA-6",
    area: "appdata",
    what: "reading a friend's data answers 403",
  },
  {
    id: "appdata-stranger-returned",
    statement: "P-DATA-6",
    area: "appdata",
    what: "a stranger's data is returned",
  },
  {
    id: "appdata-other-guid-writable",
    statement: "§4.4",
    area: "appdata",
    what: "another user's data can be written",
  },
  {
    id: "appdata-delete-other-guid",
    statement: "§4.5",
    area: "appdata",
    what: "another user's data can be deleted",
  },
  {
    id: "appdata-apps-shared",
    statement: "P-DATA-6",
    area: "appdata",
    what: "a second app reads the first app's data",
  },
  {
    id: "appdata-friends-include-self",
    statement: "§4.3",
    area: "appdata",
    what: "@friends also lists the viewer's own data",
  },
  {
    id: "appdata-missing-total",
    statement: "§2.5",
    area: "appdata",
    what: "totalResults is left out of appdata reads",
  },
  {
    id: "appdata-items-per-page",
    statement: "P-PAGE-4",
    area: "appdata",
    what: "appdata reads carry itemsPerPage",
  },
  {
    id: "appdata-id-array-empty",
    statement: "§2.5",
    area: "appdata",
    what: "id[] is always empty",
  },
  {
    id: "appdata-write-echoes-body",
    statement: "P-DATA-2",
    area: "appdata",
    what: "a write answers with a JSON body",
  },
  {
    id: "appdata-empty-users-listed",
    statement: "P-DATA-5",
    area: "appdata",
    what: "users without data appear with {}",
  },
  // Atom
  {
    id: "atom-id-without-urn",
    statement: "§4.3",
    area: "atom",
    what: "entry id without urn:guid:",
  },
  {
    id: "atom-appdata-namespace",
    statement: "§4.3",
    area: "atom",
    what: "appdata element in the wrong namespace",
  },
  { id: "atom-author-uri", statement: "§4.3", area: "atom", what: "author has uri instead of url" },
  {
    id: "atom-missing-total",
    statement: "§4.3",
    area: "atom",
    what: "feed without opensearch totalResults",
  },
  {
    id: "atom-format-ignored",
    statement: "P-FMT-1",
    area: "atom",
    what: "format=atom answers JSON",
  },
  {
    id: "atom-content-type",
    statement: "P-FMT-1",
    area: "atom",
    what: "Atom sent as application/json",
  },
  {
    id: "atom-key-unescaped",
    statement: "P-FMT-4",
    area: "atom",
    what: "keys that are not XML names written raw",
  },
  {
    id: "atom-people-json",
    statement: "P-FMT-7",
    area: "atom",
    what: "people with format=atom answers JSON",
  },
  // paging
  {
    id: "paging-start-ignored",
    statement: "P-PAGE-1",
    area: "paging",
    what: "startIndex is ignored",
  },
  { id: "paging-count-ignored", statement: "P-PAGE-1", area: "paging", what: "count is ignored" },
  {
    id: "paging-total-is-page",
    statement: "P-PAGE-3",
    area: "paging",
    what: "totalResults counts the page, not all matches",
  },
  {
    id: "paging-items-is-entries",
    statement: "P-PAGE-3",
    area: "paging",
    what: "itemsPerPage is the number of entries returned",
  },
  {
    id: "paging-bad-count-accepted",
    statement: "§7.2",
    area: "paging",
    what: "an invalid count answers 200",
  },
  {
    id: "paging-max-count-refused",
    statement: "P-PAGE-1",
    area: "paging",
    what: "count=1000 (the largest accepted) answers 400",
  },
  {
    id: "paging-missing-total",
    statement: "§2.4",
    area: "paging",
    what: "album lists without totalResults",
  },
  // people
  {
    id: "people-items-on-self",
    statement: "§4.6",
    area: "people",
    what: "people @self carries itemsPerPage",
  },
  { id: "people-fields-ignored", statement: "§2.6", area: "people", what: "fields is ignored" },
  {
    id: "people-absent-fields-filled",
    statement: "§2.6",
    area: "people",
    what: "an asked field the person lacks is written as an empty string",
  },
  {
    id: "people-filter-ignored",
    statement: "§4.6",
    area: "people",
    what: "filterBy=hasApp is ignored",
  },
  { id: "people-has-app-always", statement: "§2.6", area: "people", what: "hasApp is always true" },
  {
    id: "people-is-viewer-on-friends",
    statement: "§2.6",
    area: "people",
    what: "friends carry isViewer/isOwner",
  },
  {
    id: "people-unknown-403",
    statement: "§7.2",
    area: "people",
    what: "an unknown user answers 403, not 404",
  },
  {
    id: "people-stranger-readable",
    statement: "P-PEOPLE-4",
    area: "people",
    what: "a stranger's profile is returned",
  },
  {
    id: "people-pid-not-friend",
    statement: "P-PEOPLE-1",
    area: "people",
    what: "a pid that is not a friend of guid is returned",
  },
  {
    id: "people-friends-of-other",
    statement: "P-PEOPLE-1",
    area: "people",
    what: "another user's friends list is returned",
  },
  {
    id: "people-friends-unordered",
    statement: "P-PAGE-3",
    area: "people",
    what: "friends are listed in reverse id order",
  },
  {
    id: "people-self-entry-array",
    statement: "§4.6",
    area: "people",
    what: "@self answers entry as an array",
  },
  // albums and photos
  {
    id: "albums-visibility-ignored",
    statement: "§4.1",
    area: "albums",
    what: "without visibility every album is listed",
  },
  {
    id: "albums-count-off-by-one",
    statement: "§2.2",
    area: "albums",
    what: "mediaItemCount is one more than the photos",
  },
  {
    id: "albums-mime-types-repeated",
    statement: "P-ALBUM-3",
    area: "albums",
    what: "mediaMimeType lists every photo's type, repeats included",
  },
  {
    id: "albums-friend-scope",
    statement: "P-ALBUM-1",
    area: "albums",
    what: "visibility=all hides a friend's friends-albums",
  },
  {
    id: "photos-hidden-album-readable",
    statement: "P-ALBUM-2",
    area: "albums",
    what: "photos of an album the viewer may not see",
  },
  {
    id: "photos-foreign-album",
    statement: "P-ALBUM-2",
    area: "albums",
    what: "photos of an album that guid does not own are listed",
  },
  // auth
  {
    id: "auth-bad-signature-accepted",
    statement: "§5",
    area: "auth",
    what: "an invalid signature is accepted",
  },
  {
    id: "auth-nonce-replay-accepted",
    statement: "P-AUTH-3",
    area: "auth",
    what: "a replayed nonce is accepted",
  },
  {
    id: "auth-401",
    statement: "§5",
    area: "auth",
    what: "invalid credentials answer 401 instead of 400",
  },
  {
    id: "auth-stale-accepted",
    statement: "P-AUTH-3",
    area: "auth",
    what: "a stale timestamp is accepted",
  },
  {
    id: "auth-body-hash-ignored",
    statement: "P-AUTH-2",
    area: "auth",
    what: "a wrong oauth_body_hash is accepted",
  },
  {
    id: "auth-viewer-without-app",
    statement: "P-AUTH-5",
    area: "auth",
    what: "a viewer without the app is served",
  },
  {
    id: "auth-raw-key-refused",
    statement: "P-AUTH-6",
    area: "auth",
    what: "a signature made with the raw (not percent-encoded) secret is refused",
  },
  // errors and limits
  {
    id: "errors-405-no-allow",
    statement: "P-ERR-2",
    area: "errors",
    what: "405 without an Allow header",
  },
  {
    id: "errors-body-plain",
    statement: "P-ERR-1",
    area: "errors",
    what: "error bodies are plain text",
  },
  {
    id: "errors-missing-selector-404",
    statement: "§7.1",
    area: "errors",
    what: "a path without selector answers 404, not 403",
  },
  {
    id: "errors-missing-guid-404",
    statement: "§7.1",
    area: "errors",
    what: "a path without guid answers 404, not 400",
  },
  {
    id: "errors-500-bad-query",
    statement: "P-ERR-3",
    area: "errors",
    what: "an undecodable query answers 500",
  },
  {
    id: "errors-trailing-slash-404",
    statement: "P-ERR-2",
    area: "errors",
    what: "a path with one trailing slash answers 404",
  },
  {
    id: "errors-gzip-unasked",
    statement: "P-ERR-2",
    area: "errors",
    what: "responses are gzipped without Accept-Encoding",
  },
  {
    id: "clients-http10-refused",
    statement: "P-AUTH-6",
    area: "clients",
    what: "HTTP/1.0 requests answer 505",
  },
  {
    id: "limits-413-ignored",
    statement: "P-ERR-4",
    area: "limits",
    what: "bodies over 1 MiB are read and answered 400",
  },
];
