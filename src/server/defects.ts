/**
 * Deliberate defects for the mutation self-check (issue 6): each id names one rule that the
 * server breaks on purpose when `createServer({ defects: new Set([id]) })` is given it. Never
 * set outside mutation testing. `scripts/mutants/catalogue.ts` says which statement each breaks;
 * a test keeps the two lists equal, so no mutant is a name without a switch.
 */

/** Every defect the server implements. */
export const DEFECTS = [
  "appdata-100-pairs-accepted",
  "appdata-99-pairs-refused",
  "appdata-fields-100-accepted",
  "appdata-key-alphabet-ignored",
  "appdata-value-rules-ignored",
  "appdata-values-as-numbers",
  "appdata-post-replaces",
  "appdata-delete-all-keeps-data",
  "appdata-delete-fields-ignored",
  "appdata-fields-ignored",
  "appdata-friend-refused",
  "appdata-stranger-returned",
  "appdata-other-guid-writable",
  "appdata-delete-other-guid",
  "appdata-apps-shared",
  "appdata-friends-include-self",
  "appdata-missing-total",
  "appdata-items-per-page",
  "appdata-id-array-empty",
  "appdata-write-echoes-body",
  "appdata-empty-users-listed",
  "atom-id-without-urn",
  "atom-appdata-namespace",
  "atom-author-uri",
  "atom-missing-total",
  "atom-format-ignored",
  "atom-content-type",
  "atom-key-unescaped",
  "atom-people-json",
  "paging-start-ignored",
  "paging-count-ignored",
  "paging-total-is-page",
  "paging-items-is-entries",
  "paging-bad-count-accepted",
  "paging-max-count-refused",
  "paging-missing-total",
  "people-items-on-self",
  "people-fields-ignored",
  "people-absent-fields-filled",
  "people-filter-ignored",
  "people-has-app-always",
  "people-is-viewer-on-friends",
  "people-unknown-403",
  "people-stranger-readable",
  "people-pid-not-friend",
  "people-friends-of-other",
  "people-friends-unordered",
  "people-self-entry-array",
  "albums-visibility-ignored",
  "albums-count-off-by-one",
  "albums-mime-types-repeated",
  "albums-friend-scope",
  "photos-hidden-album-readable",
  "photos-foreign-album",
  "auth-bad-signature-accepted",
  "auth-nonce-replay-accepted",
  "auth-401",
  "auth-stale-accepted",
  "auth-body-hash-ignored",
  "auth-viewer-without-app",
  "auth-raw-key-refused",
  "errors-405-no-allow",
  "errors-body-plain",
  "errors-missing-selector-404",
  "errors-missing-guid-404",
  "errors-500-bad-query",
  "errors-trailing-slash-404",
  "errors-gzip-unasked",
  "clients-http10-refused",
  "limits-413-ignored",
] as const;

/** One implemented defect id. */
export type Defect = (typeof DEFECTS)[number];

/** The defects switched on for one server (empty in production). */
export type Defects = ReadonlySet<Defect>;

/** No defect: the correct server. */
export const NO_DEFECTS: Defects = new Set();
