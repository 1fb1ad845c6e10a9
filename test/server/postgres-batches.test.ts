/**
 * The PostgreSQL store's group commit (src/server/store/postgres-batches.ts), over a `send` of
 * our own that records each batch and answers when the test says: a write with nothing in
 * flight goes at once and alone; the writes arriving meanwhile go together in the next batch,
 * in their order, within the batch's bounds; each write gets its own outcome; a batch failing
 * as a whole is sent again one write at a time. The SQL side (osk_write_batch) is proven on a
 * real cluster in postgres-store.test.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { batcher } from "../../src/server/store/postgres-batches.js";

/** A write as the PostgreSQL store batches it. */
interface BatchedWrite {
  readonly app: string;
  readonly user: string;
  readonly keys: readonly string[];
  readonly values: readonly string[];
}

/** Characters of a write, as the store measures it for the batch bound. */
const charsOf = (w: BatchedWrite) =>
  w.keys.reduce((n, k) => n + k.length, 0) + w.values.reduce((n, v) => n + v.length, 0);

/** A `send` whose batches wait until `answer` settles them; `sent` lists them, by user. */
function held() {
  const sent: string[][] = [];
  const pending: {
    batch: readonly BatchedWrite[];
    resolve: (done: boolean[]) => void;
    reject: (e: Error) => void;
  }[] = [];
  const send = (batch: readonly BatchedWrite[]) =>
    new Promise<readonly boolean[]>((resolve, reject) => {
      sent.push(batch.map((w) => w.user));
      pending.push({ batch, resolve, reject });
    });
  /** Settles the oldest batch in flight: every write done, but those `over` named. */
  const answer = async (over: readonly string[] = []) => {
    const p = pending.shift();
    if (!p) throw new Error("no batch in flight");
    p.resolve(p.batch.map((w) => !over.includes(w.user)));
    await new Promise((r) => setImmediate(r));
  };
  const fail = async (e = new Error("lost")) => {
    const p = pending.shift();
    if (!p) throw new Error("no batch in flight");
    p.reject(e);
    await new Promise((r) => setImmediate(r));
  };
  return { send, sent, pending, answer, fail };
}

const w = (user: string, size = 1): BatchedWrite => ({
  app: "quiz",
  user,
  keys: ["k"],
  values: ["x".repeat(size)],
});

describe("batcher (writes)", () => {
  it("sends a write alone at once when nothing is in flight", async () => {
    const h = held();
    const b = batcher(h.send, { charsOf });
    const done = b.run(w("a"));
    expect(h.sent).toEqual([["a"]]);
    await h.answer();
    expect(await done).toBe(true);
  });

  it("sends the writes that arrive meanwhile together, in order, each with its own outcome", async () => {
    const h = held();
    const b = batcher(h.send, { charsOf });
    const first = b.run(w("a"));
    const rest = ["b", "c", "d"].map((u) => b.run(w(u)));
    expect(h.sent).toEqual([["a"]]);
    await h.answer();
    expect(h.sent).toEqual([["a"], ["b", "c", "d"]]);
    await h.answer(["c"]);
    expect(await first).toBe(true);
    expect(await Promise.all(rest)).toEqual([true, false, true]);
  });

  it("holds at most 32 writes and 4 Mi characters in a batch; a larger write goes alone", async () => {
    const h = held();
    const b = batcher(h.send, { charsOf });
    const all = [b.run(w("lead"))];
    for (let i = 0; i < 40; i++) all.push(b.run(w(`n${i}`)));
    const big = 3 * 1024 * 1024;
    all.push(b.run(w("big1", big)), b.run(w("big2", big)), b.run(w("huge", 5 * 1024 * 1024)));
    while (h.pending.length > 0) await h.answer();
    await Promise.all(all);
    expect(h.sent.map((batch) => batch.length)).toEqual([1, 32, 9, 1, 1]);
    expect(h.sent[2]?.slice(-1)).toEqual(["big1"]);
    expect(h.sent.slice(3)).toEqual([["big2"], ["huge"]]);
  });

  it("sends each write of a batch that failed as a whole again alone: one bad write fails alone", async () => {
    const h = held();
    const b = batcher(h.send, { charsOf });
    const first = b.run(w("a"));
    const rest = Promise.allSettled(["b", "bad", "c"].map((u) => b.run(w(u))));
    await h.answer();
    await h.fail();
    expect(h.sent.slice(1)).toEqual([["b", "bad", "c"], ["b"]]);
    await h.answer();
    await h.fail(new Error("bad write"));
    await h.answer();
    expect(await first).toBe(true);
    const settled = await rest;
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((settled[1] as PromiseRejectedResult).reason).toEqual(new Error("bad write"));
  });

  it("fails every write of a batch at once when retryAlone refuses the error (a database that is down)", async () => {
    const h = held();
    const down = new Error("down");
    const b = batcher(h.send, { charsOf, retryAlone: (e) => e !== down });
    const first = b.run(w("a"));
    const rest = Promise.allSettled(["b", "c", "d"].map((u) => b.run(w(u))));
    await h.answer();
    await h.fail(down);
    expect(await first).toBe(true);
    expect((await rest).map((s) => s.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(h.sent).toEqual([["a"], ["b", "c", "d"]]);
  });

  it("rejects a write sent alone whose statement fails (a database that is down)", async () => {
    const h = held();
    const b = batcher(h.send, { charsOf });
    const done = b.run(w("a")).catch((e: unknown) => e);
    await h.fail(new Error("down"));
    expect(await done).toEqual(new Error("down"));
    expect(h.sent).toEqual([["a"]]);
  });

  it("rejects rather than guess when the database answers another number of outcomes", async () => {
    const b = batcher(async () => [], { charsOf });
    await expect(b.run(w("a"))).rejects.toThrow("a batch of 1 got 0 outcomes");
  });

  it("idle() resolves once nothing is queued or in flight", async () => {
    const h = held();
    const b = batcher(h.send, { charsOf });
    await b.idle();
    void b.run(w("a"));
    void b.run(w("b"));
    let idle = false;
    const waiting = b.idle().then(() => {
      idle = true;
    });
    await h.answer();
    expect(idle).toBe(false);
    await h.answer();
    await waiting;
    expect(idle).toBe(true);
  });

  it("sends every write exactly once, in arrival order, one batch in flight, whatever the timing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(3), fc.boolean()), { minLength: 1, maxLength: 80 }),
        async (script) => {
          const h = held();
          const b = batcher(h.send, { charsOf });
          const outcomes: Promise<boolean>[] = [];
          let n = 0;
          // each step: some writes arrive, then (maybe) the batch in flight is answered
          for (const [arrivals, answer] of script) {
            for (let i = 0; i < arrivals; i++) outcomes.push(b.run(w(`u${n++}`)));
            expect(h.pending.length).toBeLessThanOrEqual(1);
            if (answer && h.pending.length > 0) await h.answer([`u${n - 1}`]);
          }
          while (h.pending.length > 0) await h.answer();
          const order = h.sent.flat();
          expect(order).toEqual(Array.from({ length: n }, (_, i) => `u${i}`));
          expect(h.sent.every((batch) => batch.length <= 32)).toBe(true);
          const done = await Promise.all(outcomes);
          expect(done).toHaveLength(n);
        },
      ),
    );
  });
});
