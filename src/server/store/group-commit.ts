/**
 * Group commit: operations queued in the same turn of the event loop run in one transaction,
 * and each caller's promise settles only after that transaction has committed (so an
 * acknowledged write is durable, P-DATA-4). If the batch fails, each operation is retried in
 * a transaction of its own so that one bad operation cannot take others down with it.
 */

interface Pending {
  run: () => void;
  /** Runs synchronously right after the commit, before the caller is told. */
  after: (() => void) | undefined;
  resolve: () => void;
  reject: (e: unknown) => void;
}

/** A queue that runs operations in batched transactions. */
interface CommitQueue {
  /** Queues `run`; `after` runs once its transaction has committed, then the promise resolves. */
  submit(run: () => void, after?: () => void): Promise<void>;
  /** Runs everything queued now, synchronously. */
  flush(): void;
}

/** Creates a queue over `transaction`, which runs its callback atomically (all or nothing). */
export function commitQueue(transaction: (body: () => void) => void): CommitQueue {
  let queue: Pending[] = [];
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    try {
      transaction(() => {
        for (const p of batch) p.run();
      });
      for (const p of batch) {
        p.after?.();
        p.resolve();
      }
    } catch {
      for (const p of batch) {
        try {
          transaction(p.run);
          p.after?.();
          p.resolve();
        } catch (e) {
          p.reject(e);
        }
      }
    }
  };
  return {
    submit(run, after) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ run, after, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    flush,
  };
}
