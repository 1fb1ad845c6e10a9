/**
 * The allowed variants: rewrites a correct server's answers may undergo, each with the level
 * at which it must pass: at core alone for renderings the profile forbids writers (P-FMT-6), at
 * both where the profile leaves writers free too.
 */
import { noNonceCheck } from "./auth-variants.js";
import {
  albumStatusesSwapped,
  jsonWritesOnly,
  plainErrorBodies,
  writeAnswerBodies,
} from "./error-variants.js";
import { formatByAcceptOnly, formatByParameterOnly } from "./format-variants.js";
import type { Variant } from "./harness.js";
import {
  allowSpelling,
  chunkedBodies,
  chunkedTrailers,
  connectionClose,
  contentTypeSpelling,
  earlyHints,
  extraHeaders,
  gzipWhenAsked,
  headContentTypeSpelling,
  idleClose,
  reasonPhrase,
} from "./http-variants.js";
import {
  appDataUserOrder,
  emptyAddressLists,
  emptyRecords,
  entryOrder,
  extraMembers,
  integerKeysFirst,
  integersWithExponent,
  integersWithFraction,
  jsonEscapes,
  jsonLayout,
  memberOrder,
  memberOrderEverywhere,
  negativeZero,
  otherErrorMessages,
  stringRendering,
} from "./json-variants.js";
import {
  appDataItemsPerPage,
  pageCap,
  pagingNamedOtherwise,
  smallDefaultPage,
  strictPaging,
} from "./page-variants.js";
import type { BodyRewrite } from "./variant-proxy.js";
import {
  appDataCamelCase,
  atomMetadata,
  attributeReferences,
  authorAtomUri,
  authorUrlOpenSocial,
  byteOrderMark,
  cdataText,
  commentsAndPis,
  contentTypeCase,
  dataChildrenReversed,
  dataXmlAttributes,
  defaultNamespaces,
  entryChildrenReversed,
  entryElements,
  extensionElements,
  extraWhitespace,
  foreignAttributes,
  localPrefixes,
  numberFraction,
  openSearchQuery,
  opensearchSlash,
  otherLexicalForms,
  otherPrefixes,
  referencedText,
  renamedPrefixes,
  standaloneDeclaration,
  textType,
  urnUpperCase,
} from "./xml-variants.js";

/**
 * JSON members in reverse and, as P-FMT-7 then requires of the same server, the Atom children of
 * people, albums and photos in reverse too (each rewrite leaves the other form alone).
 */
const withAtomFollowing =
  (json: BodyRewrite): BodyRewrite =>
  (body, type, request) =>
    dataChildrenReversed(json(body, type, request), type);

/** The body as the server wrote it, for variants that change only the message around it. */
const sameBody: BodyRewrite = (body) => body;

/** A variant that changes only what is around the body (its `wire`); the body is the upstream's. */
const wireOnly = (variant: Omit<Variant, "rewrite">): Variant => ({
  ...variant,
  rewrite: sameBody,
});

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
    named: { level: "profile", statements: ["P-PAGE-1", "P-PAGE-3", "P-FMT-7"] },
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
    named: { level: "profile", statements: ["P-PAGE-1", "P-PAGE-3", "P-FMT-7"] },
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
    named: { level: "profile", statements: ["P-FMT-2"] },
    rewrite: opensearchSlash,
  },
  {
    id: "json-layout",
    what: "JSON with other insignificant whitespace: tab indentation, CRLF line ends, blank lines around the value (RFC 8259 §2)",
    levels: ["core", "profile"],
    rewrite: jsonLayout,
  },
  {
    id: "json-escapes",
    what: "JSON strings with escapes: \\/ for /, \\uXXXX for non-ASCII and for every a, in names and values (RFC 8259 §7; PHP's json_encode)",
    levels: ["core", "profile"],
    rewrite: jsonEscapes,
  },
  {
    id: "json-integer-fraction",
    what: "every integer written with a zero fraction (20.0): the same JSON number (RFC 8259 §6)",
    levels: ["core", "profile"],
    rewrite: integersWithFraction,
  },
  {
    id: "json-error-member-order",
    what: "every JSON object's members in reverse order, error bodies included (P-FMT-3: JSON member order is never a rule), and the Atom children of people, albums and photos with them (P-FMT-7)",
    levels: ["core", "profile"],
    rewrite: withAtomFollowing(memberOrderEverywhere),
    wire: { everyStatus: true },
  },
  {
    id: "json-error-extra-members",
    what: "an unknown extra member in every JSON object, error bodies included (P-ERR-1 names the members an error has, not that it has no others)",
    levels: ["profile"],
    rewrite: extraMembers,
    wire: { everyStatus: true },
  },
  wireOnly({
    id: "http-chunked",
    what: "every body without Content-Length: chunked to HTTP/1.1, ended by the close to HTTP/1.0 (RFC 9112 §6.1, §6.3, §7.1)",
    levels: ["core", "profile"],
    wire: chunkedBodies,
  }),
  wireOnly({
    id: "http-connection-close",
    what: "every answer with Connection: close, its connection closed after it (RFC 9112 §9.6)",
    levels: ["core", "profile"],
    wire: connectionClose,
  }),
  wireOnly({
    id: "http-extra-headers",
    what: "header names in upper case and header fields the kit does not ask about: Date, Server, Cache-Control, Vary, ETag, Last-Modified, X-Request-Id (RFC 9110 §5.1, §5.3)",
    levels: ["core", "profile"],
    wire: extraHeaders,
  }),
  wireOnly({
    id: "http-content-type-spelling",
    what: 'media types spelt APPLICATION/JSON;CHARSET="UTF-8": the same media type and charset (RFC 9110 §8.3.1, §8.3.2, §5.6.6)',
    levels: ["core", "profile"],
    wire: contentTypeSpelling,
  }),
  wireOnly({
    id: "http-reason-phrase",
    what: "a reason phrase of the server's own on every status line (RFC 9112 §4: clients ignore it)",
    levels: ["core", "profile"],
    wire: reasonPhrase,
  }),
  {
    id: "atom-default-namespaces",
    what: "Atom without prefixes: every element in the default namespace, declared where it changes (P-FMT-2: prefixes are never a rule)",
    levels: ["core", "profile"],
    rewrite: defaultNamespaces,
  },
  {
    id: "atom-local-prefixes",
    what: "Atom with each element's prefix declared on the element itself, a new one each time (P-FMT-2: prefixes are never a rule)",
    levels: ["core", "profile"],
    rewrite: localPrefixes,
  },
  {
    id: "atom-cdata",
    what: "Atom text in CDATA sections (XML 1.0 §2.7: the same character data)",
    levels: ["core", "profile"],
    rewrite: cdataText,
  },
  {
    id: "atom-char-refs",
    what: "every character of Atom text as a character reference (XML 1.0 §4.1)",
    levels: ["core", "profile"],
    rewrite: referencedText,
  },
  {
    id: "atom-comments",
    what: "comments and processing instructions between Atom elements and inside their text (XML 1.0 §2.5, §2.6: not character data)",
    levels: ["core", "profile"],
    rewrite: commentsAndPis,
  },
  {
    id: "atom-lexical-forms",
    what: "Atom with single-quoted attributes, spaces around =, empty elements as <x />, end tags as </x > (XML 1.0 §3.1)",
    levels: ["core", "profile"],
    rewrite: otherLexicalForms,
  },
  {
    id: "atom-metadata",
    what: "Atom feed id, title, updated, author, link and generator, an entry link and author names (RFC 4287 §4.1.1, §4.2; P-FMT-5's strict mode writes such a feed)",
    levels: ["core", "profile"],
    rewrite: atomMetadata,
  },
  {
    id: "atom-foreign-attributes",
    what: "xml:lang, xml:base and foreign attributes on Atom and OpenSearch elements (RFC 4287 §2, §6.4)",
    levels: ["core", "profile"],
    rewrite: foreignAttributes,
  },
  {
    id: "page-cap",
    what: "a maximum page size of 2: every list page holds at most 2 entries whatever count asks, itemsPerPage 2, totalResults kept (§8: the maximum page size is not shown; P-PAGE-1 decides 1000)",
    levels: ["core"],
    named: { level: "profile", statements: ["P-PAGE-1"] },
    otherData: "list pages are at most 2 entries long (§8 leaves the maximum open)",
    rewrite: pageCap,
  },
  wireOnly({
    id: "paging-named-otherwise",
    what: "startIndex and count not taken (the server's paging parameters have other names): every list answers its default page, whatever they ask (§4: paging request parameter names are not shown; P-PAGE-1 names them)",
    levels: ["core"],
    named: { level: "profile", statements: ["P-PAGE-1", "P-PAGE-2", "P-PAGE-3"] },
    otherData:
      "a list asked with startIndex or count answers its default page (§4 leaves the names open)",
    wire: pagingNamedOtherwise,
  }),
  wireOnly({
    id: "paging-strict",
    what: "a list asked with a paging value §8 does not show a server taking (over 20, leading zeros, or invalid) answered 400 with an error body (§7.2 leaves which values are invalid open, §7.3 the album and photo statuses; P-PAGE-1 and P-PAGE-2 decide them)",
    levels: ["core"],
    named: { level: "profile", statements: ["P-PAGE-1", "P-PAGE-2", "P-PAGE-3"] },
    otherData:
      "a list asked with a paging value over 20 or with leading zeros answers 400 (§7.2, §7.3)",
    wire: strictPaging,
  }),
  wireOnly({
    id: "error-bodies-plain",
    what: "every error answer's body a line of text/plain, not a JSON object (§7.3: the shape of an error response body is not shown; P-ERR-1 decides it)",
    levels: ["core"],
    named: { level: "profile", statements: ["P-ERR-1"] },
    otherData: "error answers carry text, not P-ERR-1's JSON object (§7.3 leaves the shape open)",
    wire: plainErrorBodies,
  }),
  wireOnly({
    id: "album-statuses-swapped",
    what: "an album or photo operation's 403 answered 404 and its 404 answered 403 (§7.3: the statuses of the album and photo operations are not shown; P-ALBUM-2 decides them, P-ERR-2 and P-ERR-5 those of paths and selectors)",
    levels: ["core"],
    named: { level: "profile", statements: ["P-ALBUM-2", "P-ERR-2", "P-ERR-5"] },
    otherData:
      "album and photo refusals answer 404 for 403 and 403 for 404 (§7.3 leaves them open)",
    wire: albumStatusesSwapped,
  }),
  wireOnly({
    id: "format-by-accept-only",
    what: "Atom chosen by the Accept header alone: format=atom not taken, answered JSON without Accept (§4.3: the way to choose between JSON and Atom is not shown; P-FMT-1 takes both)",
    levels: ["core"],
    named: { level: "profile", statements: ["P-FMT-1"] },
    otherData:
      "a request with format=atom and no Accept is answered in JSON (§4.3 leaves the way open)",
    wire: formatByAcceptOnly,
  }),
  wireOnly({
    id: "format-by-parameter-only",
    what: "Atom chosen by format=atom alone: the Accept header not read (§4.3: the way to choose between JSON and Atom is not shown; P-FMT-1 takes both)",
    levels: ["core"],
    named: { level: "profile", statements: ["P-FMT-1"] },
    otherData:
      "a request asking Atom by Accept alone is answered in JSON (§4.3 leaves the way open)",
    wire: formatByParameterOnly,
  }),
  wireOnly({
    id: "auth-no-nonce-check",
    what: "no record of nonces and no clock window: a replayed nonce and a stale or future timestamp on a correctly signed GET are served (§5 leaves the mechanism not shown; P-AUTH-3 decides both)",
    levels: ["core"],
    named: { level: "profile", statements: ["P-AUTH-3"] },
    otherData: "a GET with a used nonce or a timestamp an hour off is served (§5)",
    wire: noNonceCheck,
  }),
  wireOnly({
    id: "json-writes-only",
    what: "a form-encoded write refused 400, before it is stored (§4.4: the request content type is not shown, its sample sends JSON; P-DATA-2 takes form bodies)",
    levels: ["core"],
    named: { level: "profile", statements: ["P-DATA-2", "P-AUTH-2", "P-AUTH-6"] },
    otherData: "a form-encoded write answers 400 (§4.4 leaves the content type open)",
    wire: jsonWritesOnly,
  }),
  wireOnly({
    id: "http-gzip",
    what: "bodies gzip-compressed for every request whose Accept-Encoding names gzip (P-ERR-2: compressed only for a client that asked)",
    levels: ["core", "profile"],
    wire: gzipWhenAsked,
  }),
  wireOnly({
    id: "http-idle-close",
    what: "idle kept-alive connections closed after 2 s without a Keep-Alive header (RFC 9112 §9.3; gunicorn's default)",
    levels: ["core", "profile"],
    wire: idleClose,
  }),
  wireOnly({
    id: "http-allow-spelling",
    what: "Allow split over two field lines, its methods in reverse order without spaces (RFC 9110 §5.3, §10.2.1)",
    levels: ["core", "profile"],
    wire: allowSpelling,
  }),
  {
    id: "atom-bom",
    what: "Atom beginning with a byte order mark and without an XML declaration (XML 1.0 §2.8, §4.3.3: both optional in UTF-8)",
    levels: ["core", "profile"],
    rewrite: byteOrderMark,
  },
  {
    id: "atom-entry-elements",
    what: "optional Atom elements in each entry before its content: published, summary, rights, category, contributor, link, and a source with an id, title, updated and author of its own (RFC 4287 §4.1.2, §4.2)",
    levels: ["core", "profile"],
    rewrite: entryElements,
  },
  {
    id: "atom-entry-children-reversed",
    what: "each Atom entry's children in reverse order: id, author, updated, title, content (§4.3 lists what an entry holds in no order; P-FMT-2.3 decides one)",
    levels: ["core"],
    named: { level: "profile", statements: ["P-FMT-2.3", "P-FMT-7.1"] },
    rewrite: entryChildrenReversed,
  },
  {
    id: "atom-attribute-references",
    what: "every Atom attribute value, namespace declarations included, written as character references (XML 1.0 §3.3.3, §4.1)",
    levels: ["core", "profile"],
    rewrite: attributeReferences,
  },
  {
    id: "atom-standalone-declaration",
    what: 'the XML declaration without an encoding and with standalone="yes" (XML 1.0 §2.8, §2.9, §4.3.3: UTF-8 by default)',
    levels: ["core", "profile"],
    rewrite: standaloneDeclaration,
  },
  {
    id: "json-integer-exponent",
    what: "every integer written with an exponent (20E0, 200e-1, 20e+0): the same JSON number (RFC 8259 §6)",
    levels: ["core", "profile"],
    rewrite: integersWithExponent,
  },
  {
    id: "json-error-messages",
    what: "every error body's message a text of the server's own, non-ASCII and with an escaped quote (P-ERR-1 fixes the code, not the words)",
    levels: ["core", "profile"],
    rewrite: otherErrorMessages,
    wire: { everyStatus: true },
  },
  wireOnly({
    id: "http-early-hints",
    what: "two 103 Early Hints interim answers before every final answer to an HTTP/1.1 request (RFC 9110 §15.2, RFC 8297)",
    levels: ["core", "profile"],
    wire: earlyHints,
  }),
  wireOnly({
    id: "http-chunked-trailers",
    what: "every body chunked and followed by trailer fields announced by Trailer (RFC 9112 §7.1.2, RFC 9110 §6.5)",
    levels: ["core", "profile"],
    wire: chunkedTrailers,
  }),
  {
    id: "atom-integer-fraction",
    what: "every integer written with a zero fraction (20.0) in JSON, and so in the Atom form of albums and photos (P-FMT-7: numbers as their JSON text; RFC 8259 §6)",
    levels: ["core", "profile"],
    rewrite: (body, type) => numberFraction(integersWithFraction(body, type), type),
  },
  wireOnly({
    id: "http-head-content-type-spelling",
    what: "a HEAD answer's media type spelt APPLICATION/JSON;CHARSET=\"UTF-8\", GET's as the server writes it: the same field value (RFC 9110 §8.3.1, §9.3.2)",
    levels: ["core", "profile"],
    wire: headContentTypeSpelling,
  }),
  wireOnly({
    id: "write-answer-bodies",
    what: 'every successful application-data write or delete answered 200 with a JSON body {"status":"ok"} (§4.4, §4.5: "no body shown"; P-DATA-2.4 decides it empty)',
    levels: ["core"],
    named: { level: "profile", statements: ["P-DATA-2.4"] },
    otherData: "a successful write or delete answers with a JSON body (§4.4, §4.5 show none)",
    wire: writeAnswerBodies,
  }),
  {
    id: "appdata-read-items-per-page",
    what: "application-data answers with itemsPerPage, the number of users listed, in JSON and Atom (§1: where stated; §2.5 neither states nor forbids it; P-PAGE-4.3 decides none)",
    levels: ["core"],
    named: { level: "profile", statements: ["P-PAGE-4.3"] },
    otherData: "application-data answers carry itemsPerPage (§2.5 neither states nor forbids it)",
    rewrite: appDataItemsPerPage,
  },
  {
    id: "atom-urn-upper-case",
    what: "each Atom entry's id and author link written URN:GUID:… (RFC 8141 §3.1: scheme and namespace identifier case-insensitive; P-FMT-2.3 and P-FMT-7 write them in lower case)",
    levels: ["core"],
    named: { level: "profile", statements: ["P-FMT-2.3", "P-FMT-7.3", "P-FMT-7.5"] },
    rewrite: urnUpperCase,
  },
  {
    id: "atom-data-xml-attributes",
    what: 'xml:lang="ja" and xml:space="preserve" on every OpenSocial data and member element (XML 1.0 §2.10, §2.12)',
    levels: ["core", "profile"],
    rewrite: dataXmlAttributes,
  },
  {
    id: "atom-opensearch-query",
    what: 'an OpenSearch Query element role="request" in every feed (OpenSearch 1.1: allowed in responses; P-FMT-2 names the members a feed has, not that it has no others)',
    levels: ["core", "profile"],
    rewrite: openSearchQuery,
  },
  {
    id: "atom-title-type-text",
    what: 'each Atom title written with type="text", the type an absent attribute means (RFC 4287 §3.1.1), as Atom libraries write it',
    levels: ["core", "profile"],
    rewrite: textType,
  },
  {
    id: "atom-data-element-camel",
    what: "the application-data element named appData (P-FMT-3: parsers accept appData too; writers write appdata)",
    levels: ["core"],
    named: { level: "profile", statements: ["P-FMT-3.1"] },
    rewrite: appDataCamelCase,
  },
];
