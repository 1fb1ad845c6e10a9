/**
 * Lenient mode (social-api.md §2, profile P-FMT-6): integers may arrive as numeric strings and
 * booleans as "true"/"false". The schema files declare the real types; this module derives the
 * lenient variant by replacing each integer or boolean `type` with the `osLenient` keyword
 * (lenient-keyword.ts), which accepts either rendering and normalises the value in place to its
 * declared type.
 */
/** JSON value of a schema node. */
type SchemaNode = { [key: string]: unknown };

/** Numeric strings accepted for integers: optional minus, no leading zeros, at most 16 digits. */
const INTEGER_TEXT = /^-?(0|[1-9][0-9]{0,15})$/;

/** RFC 8259 §6 `number`: sign, integer part, fraction, exponent (each captured). */
export const JSON_NUMBER = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/;

/**
 * The value of `text` when it is a JSON number's text (RFC 8259 §6), as JSON.parse reads it:
 * P-FMT-7 writes a number in Atom "as its JSON text", so `0.1`, `1e+21` and `1E21` each stand
 * for the number they spell. Undefined for any other text, and for one too large to be finite.
 */
export function numberRead(text: string): number | undefined {
  if (!JSON_NUMBER.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** Parameters of the `osLenient` keyword (lenient-keyword.ts). */
export interface LenientParam {
  type: "integer" | "boolean";
  minimum?: number;
  maximum?: number;
}

/** What a lenient reading of `value` as `type` gives, or `undefined` when none. */
export function lenientRead(
  type: "integer" | "boolean",
  value: unknown,
): number | boolean | undefined {
  if (type === "boolean") {
    if (typeof value === "boolean") return value;
    if (value === "true") return true;
    if (value === "false") return false;
    return undefined;
  }
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === "string" && INTEGER_TEXT.test(value)) {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : undefined;
  }
  return undefined;
}

/** Returns a copy of `schema` with integer and boolean types made lenient. */
export function makeLenient(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(makeLenient);
  if (schema === null || typeof schema !== "object") return schema;
  const node = schema as SchemaNode;
  const out: SchemaNode = {};
  for (const [k, v] of Object.entries(node))
    out[k] = k === "enum" || k === "const" ? v : makeLenient(v);
  if (node.type === "integer" || node.type === "boolean") {
    const param: LenientParam = { type: node.type };
    if (typeof node.minimum === "number") param.minimum = node.minimum;
    if (typeof node.maximum === "number") param.maximum = node.maximum;
    delete out.type;
    delete out.minimum;
    delete out.maximum;
    out.osLenient = param;
  }
  return out;
}
