/**
 * `atLeast`: every value is a number at least the bound (`totalResults` at least the entries a
 * page returned: `{#/entry}`).
 */
import { numberBoundRule } from "./number-bound.js";

/** The `atLeast` rule. */
export const atLeastRule = numberBoundRule("atLeast", (n, bound) => n >= bound, {
  ok: "at-least-ok",
  wrong: "at-least-wrong",
});
