/**
 * How far apart two words are, for "did you mean" answers to a mistyped command or option.
 */

/** Edits (insertions, deletions, substitutions) between `a` and `b`. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = row;
  }
  return previous[b.length] as number;
}

/** A word this many edits or fewer from a name is taken for a typo of it. */
const TYPO_EDITS = 2;

/**
 * The name of `names` that `word` is a typo of, if any: the one name it begins, two letters or
 * more (`--base` for `--base-url`, not `--bail`, one edit away), else the nearest within
 * {@link TYPO_EDITS} edits and fewer edits than the word has letters (`-x` is no typo of `--as`).
 */
export function typoOf(word: string, names: readonly string[]): string | undefined {
  const begun = names.filter((name) => word.length >= 2 && name.startsWith(word));
  if (begun.length === 1) return begun[0];
  return names
    .map((name) => ({ name, d: editDistance(word, name) }))
    .filter((c) => c.d <= TYPO_EDITS && c.d < word.length)
    .sort((x, y) => x.d - y.d)[0]?.name;
}
