/**
 * P-FMT-7.8 writes numbers "as their JSON text", and one JSON number has many texts (RFC 8259
 * §6: `20`, `20.0`, `2E1`, `200e-1`), as a JSON answer may carry any of them. An integer member's
 * text in the JSON number grammar whose value is exactly a safe integer reads as its plain
 * decimal text, which the lenient schema then types back (P-FMT-6) as it does a writer's `20`;
 * any other text is left as it is, for the schema to refuse.
 */

import { JSON_NUMBER } from "../../../schemas/lenient.js";

/** Only zeros. */
const ZEROS = /^0+$/;

/** `text` as a plain decimal integer when it is a JSON number of an exact safe-integer value. */
export function integerText(text: string): string {
  const m = JSON_NUMBER.exec(text);
  if (!m) return text;
  const [, sign = "", int = "", frac = "", exp = "0"] = m;
  const digits = `${int}${frac}`.replace(/^0+/, "");
  if (digits === "") return "0";
  // the value is digits × 10^shift: an integer when shift ≥ 0, or when the last -shift digits are zeros
  const shift = Number(exp) - frac.length;
  let whole: string | undefined;
  if (shift >= 0) whole = shift <= 16 ? digits + "0".repeat(shift) : undefined;
  else if (ZEROS.test(digits.slice(shift))) whole = digits.slice(0, shift);
  if (whole === undefined || whole.length > 16) return text;
  const n = Number(`${sign}${whole}`);
  return Number.isSafeInteger(n) ? String(n) : text;
}
