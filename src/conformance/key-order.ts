/**
 * Member order as written in JSON text. `JSON.parse` moves integer-like member names
 * ("10", "2") first, so order checks (P-FMT-3: integer-like keys are no exception) read the
 * order from the text itself, and request bodies are written in the case's order.
 */
import { escapeToken } from "./pointer.js";
import { fillString, fillText, type TemplateContext } from "./template.js";

/** Pointer of every object in `text` → its member names in text order. Empty map on bad JSON. */
export function memberOrder(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\r\n".includes(text[i] ?? "")) i++;
  };
  const str = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (pointer: string): void => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const keys: string[] = [];
      out.set(pointer, keys);
      ws();
      if (text[i] === "}") {
        i++;
        return;
      }
      for (;;) {
        ws();
        const k = str();
        keys.push(k);
        ws();
        i++; // :
        value(`${pointer}/${escapeToken(k)}`);
        ws();
        if (text[i++] !== ",") return;
      }
    } else if (c === "[") {
      i++;
      ws();
      if (text[i] === "]") {
        i++;
        return;
      }
      for (let n = 0; ; n++) {
        value(`${pointer}/${n}`);
        ws();
        if (text[i++] !== ",") return;
      }
    } else if (c === '"') str();
    else while (i < text.length && !",}] \t\r\n".includes(text[i] ?? "")) i++;
  };
  try {
    value("");
  } catch {
    return new Map();
  }
  return out;
}

/** `JSON.stringify` that keeps the member order of `value`'s source entries. */
export function stringifyOrdered(entries: OrderedValue): string {
  if (Array.isArray(entries)) return `[${entries.map(stringifyOrdered).join(",")}]`;
  if (entries instanceof OrderedObject)
    return `{${entries.members.map(([k, v]) => `${JSON.stringify(k)}:${stringifyOrdered(v)}`).join(",")}}`;
  return JSON.stringify(entries);
}

/** An object whose member order survives integer-like names. */
export class OrderedObject {
  constructor(readonly members: [string, OrderedValue][]) {}
}

/** A JSON value with ordered objects. */
export type OrderedValue = OrderedObject | OrderedValue[] | string | number | boolean | null;

/** Fills placeholders (template.ts) keeping member order, for request bodies. */
export function fillOrdered(value: unknown, ctx: TemplateContext): OrderedValue {
  if (typeof value === "string") return toOrdered(fillString(value, ctx));
  if (Array.isArray(value)) return value.map((v) => fillOrdered(v, ctx));
  if (value !== null && typeof value === "object")
    return new OrderedObject(
      Object.entries(value).map(([k, v]) => [fillText(k, ctx), fillOrdered(v, ctx)]),
    );
  return value as OrderedValue;
}

function toOrdered(v: unknown): OrderedValue {
  if (Array.isArray(v)) return v.map(toOrdered);
  if (v !== null && typeof v === "object")
    return new OrderedObject(Object.entries(v).map(([k, x]) => [k, toOrdered(x)]));
  return v as OrderedValue;
}
