/**
 * Group commit for the PostgreSQL store: a write that arrives while a batch of writes is in
 * flight waits for it, and every write waiting then goes in the next batch, one statement in
 * one transaction (`osk_write_batch`, migration 3 of `postgres-schema.ts`). PostgreSQL flushes
 * the WAL once per durable commit, and under load that flush was a large part of a write's cost
 * (its CPU as well as its wait); a batch's writes share it, and each is acknowledged only once the batch has
 * committed (P-DATA-4). A write that arrives with nothing in flight is sent at once, alone: no
 * write waits for a timer.
 *
 * A batch holds at most {@link MAX_WRITES} writes and {@link MAX_CHARS} characters of keys and
 * values (a larger write goes alone). A batch that fails as a whole (a statement error, a lost connection)
 * is sent again one write at a time, so that one bad write cannot take the others down with it;
 * a database that is down fails each of them.
 */

/** One write as the batch statement takes it: a merge of `keys[i]` → `values[i]`. */
export interface BatchedWrite {
  readonly app: string;
  readonly user: string;
  readonly keys: readonly string[];
  readonly values: readonly string[];
}

/**
 * Most writes in one batch: each is a subtransaction of the batch's transaction, and PostgreSQL
 * tracks up to 64 of them per backend before every other backend's snapshots get slower.
 */
const MAX_WRITES = 32;
/** Most characters of keys and values in one batch (a larger write goes alone). */
const MAX_CHARS = 4 * 1024 * 1024;

/** Sends writes to the database: a batch's outcomes, in its order (false: over the limit). */
export type SendBatch = (writes: readonly BatchedWrite[]) => Promise<readonly boolean[]>;

interface Waiting {
  readonly write: BatchedWrite;
  readonly resolve: (written: boolean) => void;
  readonly reject: (e: unknown) => void;
}

/** The writes of one store, batched over `send`. */
export interface WriteBatcher {
  /** Resolves once the write has committed: true, or false when it was over the limit. */
  write(w: BatchedWrite): Promise<boolean>;
  /** Resolves once no write is queued or in flight. */
  idle(): Promise<void>;
}

/** The characters of a write's keys and values. */
function sizeOf(w: BatchedWrite): number {
  let n = 0;
  for (const k of w.keys) n += k.length;
  for (const v of w.values) n += v.length;
  return n;
}

/** A batcher over `send`: one batch in flight, the writes arriving meanwhile in the next. */
export function writeBatcher(send: SendBatch): WriteBatcher {
  let queue: Waiting[] = [];
  let inFlight = false;
  let idleWaiters: (() => void)[] = [];

  /** Takes the next batch off the queue: at least one write, within both bounds. */
  const take = (): Waiting[] => {
    let chars = 0;
    let n = 0;
    while (n < queue.length && n < MAX_WRITES) {
      const size = sizeOf((queue[n] as Waiting).write);
      if (n > 0 && chars + size > MAX_CHARS) break;
      chars += size;
      n++;
    }
    const batch = queue.slice(0, n);
    queue = queue.slice(n);
    return batch;
  };

  /** Sends `batch`; if it fails as a whole, each write again on its own. */
  const settle = async (batch: Waiting[]): Promise<void> => {
    try {
      const done = await send(batch.map((w) => w.write));
      for (const [i, w] of batch.entries()) w.resolve(done[i] === true);
    } catch (e) {
      if (batch.length === 1) {
        batch[0]?.reject(e);
        return;
      }
      for (const w of batch) {
        try {
          w.resolve((await send([w.write]))[0] === true);
        } catch (alone) {
          w.reject(alone);
        }
      }
    }
  };

  const pump = (): void => {
    if (inFlight) return;
    if (queue.length === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
      return;
    }
    inFlight = true;
    void settle(take()).finally(() => {
      inFlight = false;
      pump();
    });
  };

  return {
    write(write) {
      return new Promise<boolean>((resolve, reject) => {
        queue.push({ write, resolve, reject });
        pump();
      });
    },
    idle() {
      if (!inFlight && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
