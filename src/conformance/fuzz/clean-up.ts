/**
 * Clean-up after a sequence: every owned key sent to a record is deleted by that record's owner
 * (a `fields` delete in chunks below the P-DATA-3 limit), and the scratch user's record, which
 * the fuzzer owns whole, is deleted without `fields`.
 */
import { type FuzzContext, OWNED_KEY } from "./context.js";
import { SELF_APPDATA } from "./steps/request-parts.js";
import type { Wire } from "./wire.js";

/** Deletes what the sequence of `ctx` wrote; resolves to the number of deletes that failed. */
export async function cleanUp(ctx: FuzzContext, wire: Wire): Promise<number> {
  let problems = 0;
  for (const [user, keys] of ctx.touched) {
    // Only a user with the app can delete (P-AUTH-5); others cannot have stored anything.
    if (!ctx.world.people.get(user)?.apps.includes(ctx.world.mainApp)) continue;
    const owned = [...keys].filter((k) => OWNED_KEY.test(k) && k.startsWith(ctx.prefix));
    const chunks: string[][] = [];
    for (let i = 0; i < owned.length; i += 90) chunks.push(owned.slice(i, i + 90));
    // The scratch record is the fuzzer's whole: a delete without fields after the named ones
    // (which still clean up when the target's delete-all is broken).
    if (user === ctx.world.scratch) chunks.push([]);
    for (const chunk of chunks) {
      try {
        const a = await wire.send({
          method: "DELETE",
          path: SELF_APPDATA.delete,
          query: chunk.length ? [["fields", chunk.join(",")]] : [],
          as: user,
        });
        if (a.status !== 200) problems++;
      } catch {
        problems++;
      }
    }
  }
  return problems;
}

/**
 * Checks that the world's seeded data of the records the sequence wrote to (main app) is still
 * there, and writes it back when a defect destroyed it (a correct target never loses it: the
 * fuzzer writes and deletes only its own keys), so that the next sequence starts from the world
 * and shrinking stays honest. Resolves to true when something had to be written back.
 */
export async function restoreSeeded(ctx: FuzzContext, wire: Wire): Promise<boolean> {
  let restored = false;
  for (const user of [ctx.world.viewer, ctx.world.scratch]) {
    const pairs = user ? ctx.world.appdata.get(ctx.world.mainApp)?.get(user) : undefined;
    if (!user || !pairs?.length || !ctx.touched.has(user)) continue;
    try {
      const seen = await wire.send({
        method: "GET",
        path: SELF_APPDATA.read,
        query: [["fields", pairs.map(([k]) => k).join(",")]],
        as: user,
      });
      const record =
        seen.status === 200
          ? (JSON.parse(seen.text) as { entry?: Record<string, Record<string, unknown>> }).entry?.[
              user
            ]
          : undefined;
      if (
        record &&
        pairs.every(([k, v]) => record[k] === v) &&
        Object.keys(record).length === pairs.length
      )
        continue;
    } catch {
      // Unreadable: write the seeds back all the same.
    }
    restored = true;
    const text = `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(",")}}`;
    try {
      await wire.send({
        method: "POST",
        path: SELF_APPDATA.write,
        body: { bytes: new TextEncoder().encode(text), contentType: "application/json" },
        as: user,
      });
    } catch {
      // The target is down: the next sequence reports it.
    }
  }
  return restored;
}
