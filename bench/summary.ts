// What the benches print about their samples: the median of a list, and one line per goal.

/** The median of `values` (the upper one of an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** A line per goal: what it asks, this run's figure, met or not. */
export function goalLine(goal: string, figure: string, met: boolean): string {
  return `goal ${met ? "met    " : "NOT met"}  ${goal.padEnd(52)} ${figure}\n`;
}
