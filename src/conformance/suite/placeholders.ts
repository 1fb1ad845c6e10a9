/**
 * The placeholder syntax of case strings (README-writing-cases.md): `{name}`, `{name.form}`,
 * `{$capture.path}` and `{#/pointer}`. The suite reads it to learn which roles a case needs
 * (roles.ts); the request stage fills it (request/template.ts).
 */

/** Every placeholder in a string; group 1 is its name (`viewer`, `$saved.0.id`, `#/entry`). */
export const PLACEHOLDER = /\{(\$?[A-Za-z][A-Za-z0-9_.-]*|#(?:\/[^{}]*)?)\}/g;

/** A string that is one placeholder and nothing else (its value keeps its type). */
export const WHOLE_PLACEHOLDER = /^\{(\$?[A-Za-z][A-Za-z0-9_.-]*|#(?:\/[^{}]*)?)\}$/;

/** The names of the placeholders a string uses (for role resolution before a run). */
export function placeholderNames(text: string): string[] {
  return text.includes("{") ? [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? "") : [];
}
