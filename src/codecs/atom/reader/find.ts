/**
 * "Find the child or report", written once: the first child with one of the wanted local names
 * in the wanted namespace; when there is none, an `atom-namespace` issue for a same-named child
 * in another namespace, else an `atom-missing` issue at the parent (unless the child is optional).
 */

import { excerpt } from "../../../model/quote.js";
import type { XmlElement } from "../tree.js";
import type { Report } from "./report.js";

/** What to look for among an element's children. */
export interface Wanted {
  /** Accepted local names. */
  readonly names: readonly string[];
  /** True for the namespace the child must be in. */
  readonly inNamespace: (uri: string) => boolean;
  /** The expected namespace as issue messages name it. */
  readonly namespace: string;
  /** The `atom-missing` message for `parent`; absent for an optional child. */
  readonly missing?: (parent: XmlElement) => string;
}

/** Reports `el`, wanted in namespace `expected`, as being in its own namespace. */
export function reportNamespace(
  report: Report,
  pointer: string,
  el: XmlElement,
  expected: string,
): void {
  report.add(
    "atom-namespace",
    pointer,
    `${excerpt(el.local)} in namespace "${excerpt(el.uri)}", expected ${expected}`,
    el,
  );
}

/** The wanted child of `parent`, or undefined after reporting why there is none. */
export function childOrReport(
  parent: XmlElement,
  wanted: Wanted,
  pointer: string,
  report: Report,
): XmlElement | undefined {
  let other: XmlElement | undefined;
  for (const child of parent.children) {
    if (!wanted.names.includes(child.local)) continue;
    if (wanted.inNamespace(child.uri)) return child;
    other ??= child;
  }
  if (other) reportNamespace(report, pointer, other, wanted.namespace);
  else if (wanted.missing) report.add("atom-missing", pointer, wanted.missing(parent), parent);
  return undefined;
}
