/**
 * §2.5 lets an application-data answer list a user whose record has no key to return as `{}`;
 * P-DATA-5 (profile) leaves such a user out of `entry` and `id` and does not count them. Readers
 * (core checks, the fuzzer at core, `diff`) read both the same way: this removes the empty
 * records, their ids, and their count from `totalResults`.
 */

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** An application-data answer (§2.5): an `entry` map of records beside the `id` list. */
export function isAppdataAnswer(
  doc: unknown,
): doc is Record<string, unknown> & { entry: Record<string, unknown>; id: unknown[] } {
  return isRecord(doc) && isRecord(doc.entry) && Array.isArray(doc.id);
}

/** `doc` without its empty application-data records (unchanged if it is not an appdata answer). */
export function withoutEmptyRecords(doc: unknown): unknown {
  if (!isAppdataAnswer(doc)) return doc;
  const empty = Object.keys(doc.entry).filter((u) => {
    const r = (doc.entry as Record<string, unknown>)[u];
    return isRecord(r) && Object.keys(r).length === 0;
  });
  if (empty.length === 0) return doc;
  const entry = Object.fromEntries(Object.entries(doc.entry).filter(([u]) => !empty.includes(u)));
  const total = Number(doc.totalResults);
  return {
    ...doc,
    entry,
    id: doc.id.filter((u) => !empty.includes(String(u))),
    ...(doc.totalResults !== undefined && Number.isFinite(total)
      ? {
          totalResults:
            typeof doc.totalResults === "string"
              ? String(total - empty.length)
              : total - empty.length,
        }
      : {}),
  };
}
