/**
 * Role resolution: which roles (and which app) a case needs, found by reading its data, so that
 * a target lacking one gets those cases skipped by name, never silently.
 */

import { ROLES } from "../case-types.js";
import type { CaseSpec } from "./expand-steps.js";
import { placeholderNames } from "./placeholders.js";

/** Roles a case uses, in placeholders or as the signing user. */
export function rolesOf(c: CaseSpec): string[] {
  const found = new Set<string>();
  const text = JSON.stringify(c.steps);
  for (const name of placeholderNames(text)) {
    const head = name.split(".")[0] ?? "";
    if ((ROLES as readonly string[]).includes(head)) found.add(head);
  }
  for (const s of c.steps) {
    const as = s.request.as ?? "viewer";
    if ((ROLES as readonly string[]).includes(as)) found.add(as);
  }
  return [...found].sort();
}

/** True when a case signs with the `other` application. */
export function needsOtherApp(c: CaseSpec): boolean {
  return c.steps.some((s) => s.request.app === "other");
}
