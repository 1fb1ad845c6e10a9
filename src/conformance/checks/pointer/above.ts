/**
 * `above`: every value is a number greater than the bound (a page that is not full:
 * `itemsPerPage` above `{#/entry}`).
 */
import { numberBoundRule } from "./number-bound.js";

/** The `above` rule. */
export const aboveRule = numberBoundRule("above", (n, bound) => n > bound, {
  ok: "above-ok",
  wrong: "above-wrong",
});
