/**
 * Namespaces and id values of every shape §2.1 allows (`<namespace>:<value>`) that travels in a
 * path segment unescaped: RFC 3986 unreserved characters only (letters, digits, `.`, `-`, `_`,
 * `~`), since percent-escaped segments are left to each service (P-ERR-6). Dots, dashes,
 * underscores, digits only, mixed case, one character, long values.
 */
import type { Rng } from "./rng.js";

const WORDS = [
  "alice",
  "bob",
  "carol",
  "dave",
  "erin",
  "frank",
  "grace",
  "heidi",
  "ivan",
  "judy",
  "mallory",
  "niaj",
  "olivia",
  "peggy",
  "rupert",
  "sybil",
  "trent",
  "victor",
  "walter",
  "yuki",
  "zoe",
  "kenji",
  "amara",
  "lars",
  "ines",
  "tomas",
  "priya",
  "chen",
  "noor",
  "mateo",
] as const;

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const ALNUM = `${LETTERS}${LETTERS.toUpperCase()}0123456789`;
const UNRESERVED = `${ALNUM}._~-`;

function chars(rng: Rng, alphabet: string, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += alphabet[rng.int(0, alphabet.length - 1)];
  return s;
}

/** The shapes of a namespace. */
const NAMESPACES: readonly ((rng: Rng) => string)[] = [
  () => "example.org",
  (rng) =>
    `${rng.pick(["social", "acme", "sandbox", "kumo", "3rd-party", "my_site"])}.${rng.pick(["example", "test", "example.net", "co.jp"])}`,
  (rng) => rng.pick(["acme", "ns", "a", "Z"]),
  (rng) => `${rng.pick(["tenant", "ns", "shard"])}${rng.pick(["_", "-", ""])}${rng.int(0, 9999)}`,
  (rng) => rng.pick(["Social.Example", "ACME.Corp", "MixedCase"]),
  (rng) => `${chars(rng, `${LETTERS}0123456789`, rng.int(40, 100))}.example`,
  (rng) => `~${rng.pick(["team", "ops"])}.example`,
];

/** A namespace (`[^:/]+`, unreserved characters only). */
export function namespaceOf(rng: Rng): string {
  return rng.pick(NAMESPACES)(rng);
}

/** The shapes of an id value; `n` numbers the value, `word` names a person. */
const VALUES: readonly ((rng: Rng, n: number, word: string) => string)[] = [
  (_rng, _n, word) => word,
  (rng, _n, word) => `${word}.${rng.pick(WORDS)}`,
  (rng, _n, word) => `${word}-${rng.pick(WORDS)}`,
  (rng, n) => String(rng.int(0, 99) * 1000 + n),
  (_rng, n, word) => `${word}_${n}`,
  (rng, _n, word) =>
    `${word}${rng.pick([".", "-", "_", "~"])}${chars(rng, UNRESERVED.replace(/\./g, ""), rng.int(60, 200))}`,
  (_rng, _n, word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}${word.length}`,
  (rng) => chars(rng, ALNUM, 1),
  (rng, n) => `${chars(rng, "0123456789abcdef", 8)}-${n}`,
];

/**
 * Draws values for `count` ids from `shapes` (indexes into the shape list, one world's style),
 * each distinct from every value in `taken` (which it extends). Never only dots (a `..` bare
 * value would be a dot segment in a path).
 */
export function idValues(
  rng: Rng,
  count: number,
  shapes: readonly number[],
  words: readonly string[],
  taken: Set<string>,
): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < count; i++) {
    const shape = VALUES[rng.pick(shapes)] ?? VALUES[0];
    const word = words[i % words.length] ?? "x";
    let v = shape ? shape(rng, i, word) : word;
    if (taken.has(v) || /^\.*$/.test(v)) v = `${v}${rng.pick(["-", "_", "."])}${i}`;
    if (taken.has(v)) continue;
    taken.add(v);
    out.push(v);
  }
  return out;
}

/** One world's style: 1–3 value shapes its ids use. */
export function idStyle(rng: Rng): number[] {
  return rng.sample(
    VALUES.map((_, i) => i),
    rng.int(1, 3),
  );
}

/** Person words, for values and names. */
export const PERSON_WORDS: readonly string[] = WORDS;
