/**
 * The members of a data element (P-FMT-3, P-FMT-7): one member per child, named by its local
 * name with the P-FMT-4 escape undone; a leaf's value is its text, an element with children an
 * object, a repeated name an array, and the kind's array members always arrays.
 */
import { escapeToken } from "../../../model/json-pointer.js";
import type { ItemShape } from "../kinds.js";
import { decodeName } from "../names.js";
import type { XmlElement } from "../tree.js";
import type { Report } from "./report.js";

type JsonObject = Record<string, unknown>;

/** A member's value: text for a leaf, an object (repeated names as arrays) for an element with children. */
function readValue(el: XmlElement): unknown {
  return el.children.length === 0 ? el.text : readObject(el, {});
}

/** One member per child (P-FMT-7); members named in `arrays` are always arrays. */
export function readObject(
  el: XmlElement,
  arrays: Readonly<Record<string, ItemShape>>,
): JsonObject {
  const members = new Map<string, unknown>();
  const repeated = new Set<string>();
  for (const child of el.children) {
    const key = decodeName(child.local);
    const shape = Object.hasOwn(arrays, key) ? arrays[key] : undefined;
    if (shape !== undefined) {
      const item = shape === "object" ? readObject(child, {}) : child.text;
      const list = members.get(key);
      if (Array.isArray(list)) list.push(item);
      else members.set(key, [item]);
    } else if (!members.has(key)) members.set(key, readValue(child));
    else if (repeated.has(key)) (members.get(key) as unknown[]).push(readValue(child));
    else {
      members.set(key, [members.get(key), readValue(child)]);
      repeated.add(key);
    }
  }
  return Object.fromEntries(members);
}

/** Sets an own, enumerable member, `__proto__` included (never the prototype). */
function setMember(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else target[key] = value;
}

/** P-FMT-3: key → text, one child element per key; a value holding elements is reported. */
export function readRecord(
  el: XmlElement,
  pointer: string,
  report: Report,
): Record<string, string> {
  const record: Record<string, string> = {};
  for (const child of el.children) {
    const key = decodeName(child.local);
    if (child.children.length > 0) {
      report.add(
        "atom-bad-value",
        `${pointer}/${escapeToken(key)}`,
        `value of ${key} holds elements`,
        child,
      );
    }
    setMember(record, key, child.text);
  }
  return record;
}
