/**
 * Identical differences as one: a defect that shows in every answer of a kind (a member every
 * person carries wrong) is one finding, not one per request. Two differences are identical when
 * they lie at the same place and each side says the same thing there; a group keeps the first
 * difference whole (its request and both answers), how many there were and the first few
 * requests where it showed.
 */
import type { AnswerDifference } from "./compare-answers.js";

/** How many sources a group names (the first ones, in the order the requests were sent). */
export const GROUP_SOURCES = 3;

/** Identical differences, counted. */
export interface DifferenceGroup<E> {
  /** The first difference of the group, whole. */
  readonly first: E;
  /** How many differences the group holds. */
  readonly count: number;
  /** The sources of its first {@link GROUP_SOURCES} differences. */
  readonly sources: readonly string[];
}

const key = (d: AnswerDifference): string => JSON.stringify([d.where, d.a, d.b]);

/** `entries` grouped by identical difference, groups in the order of their first entry. */
export function groupDifferences<E extends { source: string; difference: AnswerDifference }>(
  entries: readonly E[],
): DifferenceGroup<E>[] {
  const groups = new Map<string, { first: E; count: number; sources: string[] }>();
  for (const e of entries) {
    const k = key(e.difference);
    const g = groups.get(k);
    if (!g) groups.set(k, { first: e, count: 1, sources: [e.source] });
    else {
      g.count++;
      if (g.sources.length < GROUP_SOURCES) g.sources.push(e.source);
    }
  }
  return [...groups.values()];
}
