/**
 * Request bodies in the case's member order: `JSON.parse` and JS objects move integer-like names
 * ("10", "2") first, so a case's JSON body is filled (template.ts) into ordered objects and
 * written from them, each member where the case wrote it (P-FMT-3: integer-like keys are no
 * exception to the order).
 */
import type { CaseOutcome } from "./case-problems.js";
import { type FilledShape, fillWith, type TemplateContext } from "./template.js";

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
export function fillOrdered(value: unknown, ctx: TemplateContext): CaseOutcome<OrderedValue> {
  return fillWith(value, ctx, ORDERED);
}

/** Filled values with ordered objects. */
const ORDERED: FilledShape<OrderedValue> = {
  object: (members) => new OrderedObject(members),
  array: (items) => items,
  value: (v) => toOrdered(v),
};

function toOrdered(v: unknown): OrderedValue {
  if (Array.isArray(v)) return v.map(toOrdered);
  if (v !== null && typeof v === "object")
    return new OrderedObject(Object.entries(v).map(([k, x]) => [k, toOrdered(x)]));
  return v as OrderedValue;
}
