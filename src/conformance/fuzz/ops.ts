/**
 * The operations the fuzzer draws, as plain data (so a sequence can be printed, shrunk and
 * replayed against two targets): writes, merges, deletes of some or all keys, reads of
 * application data, people, albums and photos with random `fields`, paging, `filterBy` and
 * `visibility`, and requests that must be refused. Users are drawn by index and resolved
 * against the world at run time; keys are drawn as tails of the run's owned prefix.
 */
import fc from "fast-check";
import { OPTIONAL_PERSON_FIELDS } from "../../model/resources.js";
import { badKeyArb, badValueArb, keyTailArb, valueArb } from "./alphabet.js";
import type { Paging } from "./expected.js";

/** How a path names the user (P-AUTH-4: `@me`, the full id, or the bare value). */
export type GuidForm = "me" | "full" | "bare";

/** How the Atom form is asked for (P-FMT-1). */
export type AtomAsk = "format" | "accept";

/** A user by index into the fuzz world's user list (viewer first, an unknown id last). */
type Who = number;

/** The writer: the viewer, or the scratch user whose record the fuzzer owns whole. */
export type Writer = "viewer" | "scratch";

/** Ways a write must be refused (P-DATA-1, P-DATA-2, P-DATA-3, S-4.4-OWN-ONLY, P-ERR-4, P-AUTH-2). */
type BadWrite =
  | { readonly kind: "bad-key"; readonly key: string }
  | { readonly kind: "bad-value"; readonly value: string }
  | { readonly kind: "empty-object" | "non-object" | "non-string" | "malformed" | "text-plain" }
  | { readonly kind: "other-guid"; readonly who: Who }
  | {
      readonly kind:
        | "pairs-100"
        | "too-large"
        | "body-hash-wrong"
        | "deep-json"
        | "form-hash-unsigned"
        | "form-hash-wrong";
    };

/** Requests that must be refused, or that probe a rule outside the data (auth, paths, HTTP). */
export type Probe =
  | "wrong-secret"
  | "bad-signature"
  | "unsigned"
  | "stale"
  | "replayed"
  | "unknown-consumer"
  | "unknown-requestor"
  | "raw-key"
  | "query-oauth"
  | "no-selector-people"
  | "no-selector-appdata"
  | "no-guid-people"
  | "no-guid-appdata"
  | "unknown-path"
  | "empty-segment"
  | "wrong-method"
  | "unknown-selector"
  | "friends-write"
  | "token"
  | "token-empty"
  | "param-twice"
  | "nonce-retimed"
  | "fields-129"
  | "accept-tie"
  | "accept-ranked"
  | "accept-wildcard"
  | "trailing-slash"
  | "bad-query"
  | "bad-format"
  | "http10"
  | "nonce-other-app"
  | "head";

/** One fuzz operation. */
export type Op =
  | {
      readonly t: "write";
      readonly writer: Writer;
      readonly guid: GuidForm;
      readonly pairs: readonly (readonly [string, string])[];
      /** `json-as-form`: JSON text labelled form-encoded, signed by its body hash (P-AUTH-6). */
      readonly encoding: "json" | "form" | "json-as-form";
      readonly bodyHash: boolean;
      /** Read the record back at once (the writer's own `@self`). */
      readonly verify: boolean;
    }
  | { readonly t: "write-99"; readonly writer: Writer }
  /** P-DATA-1's longest value, in astral code points (twice as many UTF-16 units). */
  | { readonly t: "write-longest" }
  /** P-DATA-7: the scratch record filled with the longest values until a write must be refused. */
  | { readonly t: "fill-record" }
  | { readonly t: "bad-write"; readonly bad: BadWrite }
  | {
      readonly t: "delete";
      readonly writer: Writer;
      readonly guid: GuidForm;
      /** Tails to delete; "all" sends no `fields`, "empty" an empty `fields=` (P-DATA-5). */
      readonly keys: readonly string[] | "all" | "empty";
      readonly verify: boolean;
    }
  | { readonly t: "delete-other"; readonly who: Who }
  | { readonly t: "fields-100"; readonly method: "GET" | "DELETE" }
  | {
      readonly t: "read-appdata";
      readonly as: Who;
      readonly who: Who;
      readonly guid: GuidForm;
      readonly selector: "@self" | "@friends";
      readonly app: "main" | "other";
      /** Tails, plus the seeded keys of the world when `seeded`; undefined: no `fields`. */
      readonly fields?: { readonly tails: readonly string[]; readonly seeded: boolean };
      /** P-PAGE-5: paging parameters are ignored on application data. */
      readonly paging: Paging;
      readonly atom: AtomAsk;
    }
  | {
      readonly t: "read-people";
      readonly as: Who;
      readonly who: Who;
      readonly guid: GuidForm;
      readonly selector: "@self" | "@friends" | "@all";
      readonly pid?: Who;
      readonly fields?: readonly string[];
      readonly filterBy?: string;
      readonly paging: Paging;
      readonly atom: AtomAsk;
    }
  | {
      readonly t: "read-albums";
      readonly as: Who;
      readonly who: Who;
      readonly guid: GuidForm;
      readonly visibility?: string;
      readonly paging: Paging;
      readonly atom: AtomAsk;
    }
  | {
      readonly t: "read-photos";
      readonly as: Who;
      /** Album by index (the last index is an unknown album); owner by default. */
      readonly album: number;
      readonly who?: Who;
      readonly guid: GuidForm;
      readonly paging: Paging;
      readonly atom: AtomAsk;
    }
  | { readonly t: "probe"; readonly probe: Probe };

const guidArb = fc.constantFrom<GuidForm>("me", "full", "full", "bare");
const whoArb = fc.nat({ max: 15 });
/** The reader: mostly the viewer (index 0). */
const asArb = fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: whoArb });
const writerArb = fc.constantFrom<Writer>("viewer", "viewer", "scratch");
const atomArb = fc.constantFrom<AtomAsk>("format", "format", "accept");

/** A small pool of tails, so that writes, merges, deletes and fields meet the same keys. */
const sharedTailArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("a", "b", "0", "12", "-x", ".y", "_x0041_", "Z_x") },
  { weight: 2, arbitrary: keyTailArb },
);

const pagingArb: fc.Arbitrary<Paging> = fc.record(
  {
    startIndex: fc.oneof(
      { weight: 6, arbitrary: fc.nat({ max: 6 }).map(String) },
      { weight: 1, arbitrary: fc.constantFrom("00", "01", "007", "2147483647") },
      {
        weight: 1,
        arbitrary: fc.constantFrom("-1", "1.5", "1e1", "0x1", "", "2147483648", " 1", "+1"),
      },
    ),
    count: fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 1, max: 7 }).map(String) },
      { weight: 1, arbitrary: fc.constantFrom("1000", "01", "003", "0001000") },
      { weight: 1, arbitrary: fc.constantFrom("0", "00", "1001", "-1", "", "abc", "2.0", "1e2") },
    ),
  },
  { requiredKeys: [] },
);

const personFieldsArb = fc.subarray([...OPTIONAL_PERSON_FIELDS, "nosuchfield", "id"], {
  minLength: 1,
});

const writeArb: fc.Arbitrary<Op> = fc
  .record({
    writer: writerArb,
    guid: guidArb,
    // Pairs drawn together (unique by key), so that shrinking drops a pair with its value.
    pairs: fc.uniqueArray(fc.tuple(sharedTailArb, valueArb), {
      minLength: 1,
      maxLength: 6,
      selector: ([k]) => k,
    }),
    encoding: fc.constantFrom<"json" | "form" | "json-as-form">(
      "json",
      "json",
      "form",
      "json-as-form",
    ),
    bodyHash: fc.boolean(),
    verify: fc.boolean(),
  })
  .map((r) => ({ t: "write" as const, ...r }));

const badWriteArb: fc.Arbitrary<Op> = fc
  .oneof(
    badKeyArb.map((key): BadWrite => ({ kind: "bad-key", key })),
    badValueArb.map((value): BadWrite => ({ kind: "bad-value", value })),
    fc.constantFrom<BadWrite>(
      { kind: "empty-object" },
      { kind: "non-object" },
      { kind: "non-string" },
      { kind: "malformed" },
      { kind: "text-plain" },
      { kind: "pairs-100" },
      { kind: "body-hash-wrong" },
      { kind: "deep-json" },
      { kind: "form-hash-unsigned" },
      { kind: "form-hash-wrong" },
    ),
    fc.constant<BadWrite>({ kind: "pairs-100" }),
    whoArb.map((who): BadWrite => ({ kind: "other-guid", who })),
    { weight: 1, arbitrary: fc.constant<BadWrite>({ kind: "too-large" }) },
  )
  .map((bad) => ({ t: "bad-write" as const, bad }));

const deleteArb: fc.Arbitrary<Op> = fc
  .record({
    writer: writerArb,
    guid: guidArb,
    keys: fc.uniqueArray(sharedTailArb, { minLength: 1, maxLength: 4 }),
    verify: fc.boolean(),
  })
  .map((r) => ({ t: "delete" as const, ...r }));

/** A delete of a whole record: only the scratch user's, which the fuzzer owns whole. */
const deleteAllArb: fc.Arbitrary<Op> = fc
  .record({
    guid: guidArb,
    keys: fc.constantFrom<"all" | "empty">("all", "empty"),
    verify: fc.boolean(),
  })
  .map((r) => ({ t: "delete" as const, writer: "scratch" as const, ...r }));

const readAppdataArb: fc.Arbitrary<Op> = fc
  .record(
    {
      as: asArb,
      who: fc.oneof(
        { weight: 3, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.constant(1) },
        { weight: 2, arbitrary: whoArb },
      ),
      guid: guidArb,
      selector: fc.constantFrom<"@self" | "@friends">("@self", "@self", "@friends"),
      app: fc.constantFrom<"main" | "other">("main", "main", "main", "other"),
      fields: fc.record({
        tails: fc.uniqueArray(sharedTailArb, { maxLength: 4 }),
        seeded: fc.boolean(),
      }),
      paging: fc.oneof(
        { weight: 4, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: pagingArb },
      ),
      atom: atomArb,
    },
    { requiredKeys: ["as", "who", "guid", "selector", "app", "paging", "atom"] },
  )
  .map((r) => ({ t: "read-appdata" as const, ...r }));

const readPeopleArb: fc.Arbitrary<Op> = fc
  .record(
    {
      as: asArb,
      who: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: whoArb }),
      guid: guidArb,
      selector: fc.constantFrom<"@self" | "@friends" | "@all">(
        "@self",
        "@friends",
        "@friends",
        "@all",
      ),
      pid: whoArb,
      fields: personFieldsArb,
      filterBy: fc.constantFrom("hasApp", "hasApp", "nickname"),
      paging: pagingArb,
      atom: atomArb,
    },
    { requiredKeys: ["as", "who", "guid", "selector", "paging", "atom"] },
  )
  .map((r) => ({
    t: "read-people" as const,
    ...r,
    // P-PEOPLE-1: a pid with @self is a 400 the model does not draw; pid goes with @friends.
    ...(r.selector === "@self" ? { pid: undefined } : {}),
  }))
  .map((r) => {
    const { pid, ...rest } = r;
    return pid === undefined ? rest : { ...rest, pid };
  });

const readAlbumsArb: fc.Arbitrary<Op> = fc
  .record(
    {
      as: asArb,
      who: fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: whoArb }),
      guid: guidArb,
      visibility: fc.constantFrom("all", "all", "public"),
      paging: pagingArb,
      atom: atomArb,
    },
    { requiredKeys: ["as", "who", "guid", "paging", "atom"] },
  )
  .map((r) => ({ t: "read-albums" as const, ...r }));

const readPhotosArb: fc.Arbitrary<Op> = fc
  .record(
    {
      as: asArb,
      album: fc.nat({ max: 40 }),
      who: whoArb,
      guid: guidArb,
      paging: pagingArb,
      atom: atomArb,
    },
    { requiredKeys: ["as", "album", "guid", "paging", "atom"] },
  )
  .map((r) => ({ t: "read-photos" as const, ...r }));

const PROBES: readonly Probe[] = [
  "wrong-secret",
  "bad-signature",
  "unsigned",
  "stale",
  "replayed",
  "unknown-consumer",
  "unknown-requestor",
  "raw-key",
  "query-oauth",
  "no-selector-people",
  "no-selector-appdata",
  "no-guid-people",
  "no-guid-appdata",
  "unknown-path",
  "empty-segment",
  "wrong-method",
  "unknown-selector",
  "friends-write",
  "token",
  "token-empty",
  "param-twice",
  "nonce-retimed",
  "fields-129",
  "accept-tie",
  "accept-ranked",
  "accept-wildcard",
  "trailing-slash",
  "bad-query",
  "bad-format",
  "http10",
  "nonce-other-app",
  "head",
];

/** Every operation the fuzzer draws, weighted toward the data operations. */
const opArbs: readonly { weight: number; arbitrary: fc.Arbitrary<Op> }[] = [
  { weight: 6, arbitrary: writeArb },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Op>(
      { t: "write-99", writer: "viewer" },
      { t: "write-99", writer: "scratch" },
    ),
  },
  { weight: 1, arbitrary: fc.constant<Op>({ t: "write-longest" }) },
  { weight: 1, arbitrary: fc.constant<Op>({ t: "fill-record" }) },
  { weight: 4, arbitrary: badWriteArb },
  { weight: 3, arbitrary: deleteArb },
  { weight: 1, arbitrary: deleteAllArb },
  { weight: 1, arbitrary: whoArb.map((who): Op => ({ t: "delete-other", who })) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Op>(
      { t: "fields-100", method: "GET" },
      { t: "fields-100", method: "DELETE" },
    ),
  },
  { weight: 7, arbitrary: readAppdataArb },
  { weight: 4, arbitrary: readPeopleArb },
  { weight: 3, arbitrary: readAlbumsArb },
  { weight: 3, arbitrary: readPhotosArb },
  { weight: 4, arbitrary: fc.constantFrom(...PROBES).map((probe): Op => ({ t: "probe", probe })) },
];

/** One operation, drawn with the weights above. */
export const opArb: fc.Arbitrary<Op> = fc.oneof(...opArbs);

/** A short text of an operation for fast-check's reports. */
export function opText(op: Op): string {
  return JSON.stringify(op, (_k, v: unknown) =>
    typeof v === "string" && v.length > 40 ? `${v.slice(0, 20)}…(${v.length})` : v,
  );
}
