/**
 * The allowed variants: rewrites a correct server's answers may undergo, each with the level
 * at which it must pass: at core alone for renderings the profile forbids writers (P-FMT-6), at
 * both where the profile leaves writers free too.
 */
import type { Variant } from "./harness.js";
import {
  appDataUserOrder,
  emptyAddressLists,
  emptyRecords,
  entryOrder,
  extraMembers,
  integerKeysFirst,
  memberOrder,
  memberOrderEverywhere,
  negativeZero,
  stringRendering,
} from "./json-variants.js";
import { smallDefaultPage } from "./page-variants.js";
import type { BodyRewrite } from "./variant-proxy.js";
import {
  authorAtomUri,
  authorUrlOpenSocial,
  contentTypeCase,
  dataChildrenReversed,
  extensionElements,
  extraWhitespace,
  opensearchSlash,
  otherPrefixes,
  renamedPrefixes,
} from "./xml-variants.js";

/**
 * JSON members in reverse and, as P-FMT-7 then requires of the same server, the Atom children of
 * people, albums and photos in reverse too (each rewrite leaves the other form alone).
 */
const withAtomFollowing =
  (json: BodyRewrite): BodyRewrite =>
  (body, type, request) =>
    dataChildrenReversed(json(body, type, request), type);

/** Every allowed variant. */
export const VARIANTS: readonly Variant[] = [
  {
    id: "json-member-order",
    what: "JSON members in reverse order, and the Atom children of people, albums and photos with them (P-FMT-7)",
    levels: ["core", "profile"],
    rewrite: withAtomFollowing(memberOrder),
  },
  {
    id: "json-extra-members",
    what: "unknown extra JSON members",
    levels: ["profile"],
    rewrite: extraMembers,
  },
  {
    id: "json-string-renderings",
    what: 'integers as numeric strings, booleans as "true"/"false" (§2)',
    levels: ["core"],
    named: { level: "profile", statements: ["P-FMT-6.3"] },
    rewrite: stringRendering,
  },
  {
    id: "json-entry-order",
    what: "entries in another order (no order in social-api.md)",
    levels: ["core"],
    rewrite: entryOrder,
  },
  {
    id: "json-appdata-user-order",
    what: "application-data users in another order (no order in profile.md either)",
    levels: ["profile"],
    rewrite: appDataUserOrder,
  },
  {
    id: "json-member-order-everywhere",
    what: "every JSON object's members in reverse order, appdata records included (P-FMT-3 rev. 4), and the Atom children of people, albums and photos with them (P-FMT-7)",
    levels: ["core", "profile"],
    rewrite: withAtomFollowing(memberOrderEverywhere),
  },
  {
    id: "json-empty-records",
    what: "a user asked for with @self who has no key listed with {} (§2.5 allows it; P-DATA-5 leaves the user out)",
    levels: ["core"],
    named: { level: "profile", statements: ["P-DATA-5"] },
    rewrite: emptyRecords,
  },
  {
    id: "json-integer-keys-first",
    what: "JSON re-serialised by a parser that moves integer-like member names first (P-FMT-3 rev. 4)",
    levels: ["core", "profile"],
    rewrite: integerKeysFirst,
  },
  {
    id: "json-negative-zero",
    what: "every zero written -0, a JSON number of value zero (RFC 8259 §6)",
    levels: ["core", "profile"],
    rewrite: negativeZero,
  },
  {
    id: "json-empty-address-lists",
    what: 'a person without addresses given "addresses": [] when fields names it (§2.6; neither document says the field is then left out)',
    levels: ["core", "profile"],
    rewrite: emptyAddressLists,
  },
  {
    id: "small-default-page",
    what: "a list request without count or startIndex answered with its first 2 entries (itemsPerPage 2, totalResults kept): §8 shows sample page sizes only; P-PAGE-1 decides 20 and 50",
    levels: ["core"],
    named: { level: "profile", statements: ["P-PAGE-1.2", "P-PAGE-1.3"] },
    otherData: "a list's first page without count is shorter (§8 leaves the size open)",
    rewrite: smallDefaultPage,
  },
  {
    id: "small-default-page-other-order",
    what: "the small default page cut from the entries in reverse order, so that it holds other items than the first by id (the roles, the albums with photos); core only: P-PAGE-3.2 decides the order",
    levels: ["core"],
    otherData:
      "a list's first page without count is shorter and holds other items (§8, P-PAGE-3.2)",
    rewrite: (body, type, request) => smallDefaultPage(entryOrder(body, type), type, request),
  },
  {
    id: "atom-renamed-prefixes",
    what: "Atom with every prefix renamed, the data element prefixed, os bound to OpenSearch",
    levels: ["core", "profile"],
    rewrite: renamedPrefixes,
  },
  {
    id: "atom-content-type-case",
    what: 'each entry\'s content type="Application/XML": a media type, case-insensitive (RFC 4287 §4.1.3.1, RFC 6838 §4.2)',
    levels: ["core", "profile"],
    rewrite: contentTypeCase,
  },
  {
    id: "atom-other-prefixes",
    what: "Atom with other namespace prefixes",
    levels: ["profile"],
    rewrite: otherPrefixes,
  },
  {
    id: "atom-whitespace",
    what: "Atom indented with extra whitespace",
    levels: ["profile"],
    rewrite: extraWhitespace,
  },
  {
    id: "atom-extensions",
    what: "Atom with unknown extension elements",
    levels: ["profile"],
    rewrite: extensionElements,
  },
  {
    id: "atom-author-url-opensocial",
    what: "the entry author's url in the OpenSocial namespace (P-FMT-2 names no namespace; P-FMT-5 strict mode writes it so)",
    levels: ["core", "profile"],
    rewrite: authorUrlOpenSocial,
  },
  {
    id: "atom-author-uri",
    what: "the entry author's url written as an Atom uri (P-FMT-5: readers accept it; writers write url)",
    levels: ["core"],
    named: { level: "profile", statements: ["P-FMT-2.3", "P-FMT-7.5"] },
    rewrite: authorAtomUri,
  },
  {
    id: "atom-opensearch-slash",
    what: "OpenSearch namespace with trailing slash (P-FMT-2: readers accept it; writers write it without)",
    levels: ["core"],
    rewrite: opensearchSlash,
  },
];
