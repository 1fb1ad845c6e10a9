/**
 * Keys and values drawn from the whole P-DATA-1 alphabet, and the ones it refuses: keys of
 * `A-Za-z0-9_.-` (integer-like keys, keys that need the P-FMT-4 escape, literal `_xHHHH_`
 * texts), values of XML 1.0 `Char`s (astral characters, tab/LF/CR, markup characters), and
 * keys or values that must answer 400.
 */
import fc from "fast-check";
import { MAX_KEY_LENGTH, MAX_VALUE_CODE_POINTS } from "../../model/limits.js";

const KEY_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-";

const keyChar = fc.constantFrom(...KEY_CHARS.split(""));
const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789".split("")), minLength: min, maxLength: max });

/**
 * The per-run key prefix that marks the keys the fuzzer owns. Its first characters vary so
 * that owned keys too can be integer-like or start with a digit, `-` or `.` (P-FMT-4).
 */
export const prefixArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom("digits", "dash", "dot", "letter", "escape"),
    fc.string({
      unit: fc.constantFrom(..."0123456789abcdefXYZ".split("")),
      minLength: 4,
      maxLength: 4,
    }),
    digits(4, 4),
  )
  .map(([kind, tag, num]) =>
    kind === "digits"
      ? `9${num}`
      : kind === "dash"
        ? `-${tag}.`
        : kind === "dot"
          ? `.${tag}-`
          : kind === "escape"
            ? `_x${num}_${tag}`
            : `fz${tag}_`,
  );

/** The part of a key after the prefix: plain, integer-like, escaping-heavy or long. */
export const keyTailArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: keyChar, minLength: 0, maxLength: 10 }) },
  { weight: 2, arbitrary: digits(0, 6) },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.constantFrom("_x", "_x0041_", "_X005f_", "_x00e9_", "_", "-", ".", "0", "x", "_x1"),
        {
          maxLength: 5,
        },
      )
      .map((parts) => parts.join("")),
  },
  { weight: 1, arbitrary: fc.string({ unit: keyChar, minLength: 100, maxLength: 118 }) },
);

/** Code points of XML 1.0 `Char` (P-DATA-1), weighted toward the ones that need care. */
const valueUnit: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(..."abcXYZ019 ".split("")) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "\t",
      "\n",
      "\r",
      "<",
      ">",
      "&",
      '"',
      "'",
      "]]>",
      "{",
      "}",
      "\\",
      "%",
      "+",
      "=",
      // DEL and C1 controls are XML 1.0 Chars, allowed in values (P-DATA-1 rev. 5).
      "\u007f",
      "\u0085",
      "\u009f",
    ),
  },
  {
    weight: 2,
    arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
  },
  {
    weight: 2,
    arbitrary: fc.integer({ min: 0x80, max: 0xd7ff }).map((c) => String.fromCodePoint(c)),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 0xe000, max: 0xfffd }).map((c) => String.fromCodePoint(c)),
  },
  // Noncharacters are XML Chars all the same (U+FDD0-U+FDEF, U+nFFFE/U+nFFFF above the BMP).
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        fc.integer({ min: 0xfdd0, max: 0xfdef }),
        fc.integer({ min: 1, max: 16 }).map((plane) => plane * 0x10000 + 0xfffe),
      )
      .map((c) => String.fromCodePoint(c)),
  },
);

/** A valid value: short text, a numeric- or boolean-looking one, empty, or a long one. */
export const valueArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.array(valueUnit, { maxLength: 16 }).map((u) => u.join("")) },
  {
    weight: 2,
    arbitrary: fc.constantFrom("10", "0", "-1", "3.5", "1e3", "true", "false", "null", " 7"),
  },
  { weight: 1, arbitrary: fc.constant("") },
  {
    weight: 1,
    arbitrary: fc
      .tuple(valueUnit, fc.integer({ min: 200, max: 3000 }))
      .map(([u, n]) => Array.from(u.repeat(n)).slice(0, n).join("")),
  },
);

/** A key that P-DATA-1 refuses (400). */
export const badKeyArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("", "a b", "a/b", "a+b", "k:1", "😀", "a\u0000", "<a>", "a,b"),
  // Letters outside ASCII are still outside the alphabet.
  fc.constantFrom("é", "ß", "Ж", "中", "ａ", "İ", "ǅ", "ℵ"),
  fc.string({ unit: keyChar, minLength: MAX_KEY_LENGTH + 1, maxLength: MAX_KEY_LENGTH + 4 }),
);

/** A value that P-DATA-1 refuses (400): a character outside XML `Char`, or too long. */
export const badValueArb: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(
        "\u0000",
        "\u0001",
        "\u0008",
        "\u000b",
        "\u000c",
        "\u001f",
        "\ufffe",
        "\uffff",
        "\ud800",
        "\udfff",
      ),
      fc.constantFrom("", "x", "ab"),
    )
    .map(([bad, around]) => `${around}${bad}${around}`),
  fc.constant("a".repeat(MAX_VALUE_CODE_POINTS + 1)),
);

/** A value of exactly the largest length, in astral code points (P-DATA-1 boundary). */
export const LONGEST_VALUE = "\u{1F600}".repeat(MAX_VALUE_CODE_POINTS);
