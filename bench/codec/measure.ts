// Timing for the codec bench. The machine may be shared, so every implementation is timed in
// interleaved rounds on CPU time of this process (not wall time), and the median round is kept.

/** A named function to time. */
export interface Case {
  readonly name: string;
  readonly fn: () => unknown;
}

function cpuMs(): number {
  return process.cpuUsage().user / 1000;
}

/** Median operations per CPU-second of each case over `rounds` interleaved rounds of `roundMs`. */
export function measure(
  cases: readonly Case[],
  rounds: number,
  roundMs: number,
): Map<string, number> {
  for (const c of cases) for (let i = 0; i < 30; i++) c.fn();
  const samples = new Map<string, number[]>(cases.map((c) => [c.name, []]));
  for (let r = 0; r < rounds; r++) {
    for (const c of cases) {
      const start = cpuMs();
      let ops = 0;
      let elapsed = 0;
      do {
        c.fn();
        ops++;
        elapsed = cpuMs() - start;
      } while (elapsed < roundMs);
      samples.get(c.name)?.push((ops * 1000) / elapsed);
    }
  }
  const out = new Map<string, number>();
  for (const [name, list] of samples) {
    list.sort((a, b) => a - b);
    out.set(name, list[Math.floor(list.length / 2)] ?? 0);
  }
  return out;
}
