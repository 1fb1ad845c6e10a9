/**
 * Issue location for the Atom reader: each issue carries its JSON Pointer and the XPath, line
 * and column of the element it was found at. At most {@link MAX_ISSUES} are kept per document.
 */
import type { Issue, IssueCode, XmlLocation } from "../../../model/issue.js";
import { type XmlElement, xpathOf } from "../tree.js";

/** At most this many issues are reported for one document. */
export const MAX_ISSUES = 100;

/** Where `el` lies: its XPath, and the line and column where its start tag ends. */
export function locationOf(el: XmlElement): XmlLocation {
  return { xpath: xpathOf(el), line: el.line, column: el.column };
}

/** Collects issues and where each lies. */
export class Report {
  readonly issues: Issue[] = [];
  /** True once {@link MAX_ISSUES} issues are in: callers stop looking for more. */
  get full(): boolean {
    return this.issues.length >= MAX_ISSUES;
  }
  /** Adds an issue; past {@link MAX_ISSUES} the rest are dropped (each costs a path walk). */
  add(code: IssueCode, pointer: string, message: string, el: XmlElement): void {
    if (this.issues.length >= MAX_ISSUES) return;
    this.issues.push({ code, pointer, message, xml: locationOf(el) });
  }
}
