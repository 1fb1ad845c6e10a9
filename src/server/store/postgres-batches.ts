/**
 * Group commit for the PostgreSQL store: an operation (a write, a nonce claim) that arrives
 * while a batch of its kind is in flight waits for it, and every one waiting then goes in the
 * next batch, one statement in one transaction (`osk_write_batch` and `osk_claim_nonces`,
 * migrations 3 and 4 of `postgres-schema.ts`). A statement, its transaction and node-postgres's
 * round trip cost the same for one operation as for thirty; for writes, PostgreSQL also flushes
 * the WAL once per durable commit, and under load that flush was a large part of a write's cost
 * (its CPU as well as its wait). Each operation settles only once its batch has committed (an
 * acknowledged write is durable, P-DATA-4). One that arrives with nothing in flight is sent at
 * once, alone: nothing waits for a timer.
 *
 * A batch holds at most {@link MAX_ITEMS} operations and {@link MAX_CHARS} characters by the
 * kind's measure (a larger operation goes alone). A batch that fails as a whole because of
 * its operations (a statement error) is sent again one operation at a time, so that one bad
 * operation cannot take the others down with it; one that fails because the database is down
 * (unreachable, restarting: `retryAlone` says which) fails all of its operations at once, as
 * soon as it is known, rather than one connection attempt after another.
 */

/**
 * Most operations in one batch: each write is a subtransaction of the batch's transaction, and
 * PostgreSQL tracks up to 64 of them per backend before every other backend's snapshots get
 * slower.
 */
const MAX_ITEMS = 32;
/** Most characters in one batch (a larger operation goes alone). */
const MAX_CHARS = 4 * 1024 * 1024;

/** Sends a batch to the database; its outcomes, in its order. */
type SendBatch<T, R> = (items: readonly T[]) => Promise<readonly R[]>;

interface Waiting<T, R> {
  readonly item: T;
  readonly resolve: (outcome: R) => void;
  readonly reject: (e: unknown) => void;
}

/** Operations of one kind, batched over `send`. */
interface Batcher<T, R> {
  /** Resolves to the operation's outcome once its batch has committed. */
  run(item: T): Promise<R>;
  /** Resolves once nothing is queued or in flight. */
  idle(): Promise<void>;
}

/** How a batcher measures operations and treats a failed batch. */
interface BatchOptions<T> {
  /** An operation's size for {@link MAX_CHARS} (none: only the count bounds a batch). */
  readonly charsOf?: (item: T) => number;
  /** Whether a batch that failed with `e` is sent again one operation at a time (default: yes). */
  readonly retryAlone?: (e: unknown) => boolean;
}

/** A batcher over `send`: one batch in flight, the operations arriving meanwhile in the next. */
export function batcher<T, R>(
  send: SendBatch<T, R>,
  { charsOf = () => 0, retryAlone = () => true }: BatchOptions<T> = {},
): Batcher<T, R> {
  const queue: Waiting<T, R>[] = [];
  let inFlight = false;
  let idleWaiters: (() => void)[] = [];

  /** Takes the next batch off the queue: at least one operation, within both bounds. */
  const take = (): Waiting<T, R>[] => {
    let chars = 0;
    let n = 0;
    while (n < queue.length && n < MAX_ITEMS) {
      const size = charsOf((queue[n] as Waiting<T, R>).item);
      if (n > 0 && chars + size > MAX_CHARS) break;
      chars += size;
      n++;
    }
    return queue.splice(0, n);
  };

  /** `send`'s outcomes for `items`, one each (another count is a bug). */
  const outcomes = async (items: readonly T[]): Promise<readonly R[]> => {
    const got = await send(items);
    if (got.length !== items.length)
      throw new Error(`a batch of ${items.length} got ${got.length} outcomes`);
    return got;
  };

  /** Sends `batch`; if it fails as a whole, each operation again on its own. */
  const settle = async (batch: Waiting<T, R>[]): Promise<void> => {
    try {
      const got = await outcomes(batch.map((w) => w.item));
      for (const [i, w] of batch.entries()) w.resolve(got[i] as R);
    } catch (e) {
      if (batch.length === 1 || !retryAlone(e)) {
        for (const w of batch) w.reject(e);
        return;
      }
      for (const w of batch) {
        try {
          w.resolve((await outcomes([w.item]))[0] as R);
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
    run(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        pump();
      });
    },
    idle() {
      if (!inFlight && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
