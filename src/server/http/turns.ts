/**
 * Requests handled in bounded turns of the event loop (issue 14 §3). Node's event loop accepts
 * new connections only between turns, a few per turn; a turn that handled every ready request
 * of 1,000 busy keep-alive connections lasted 100–400 ms, so under full load a new connection
 * waited seconds in the kernel's accept queue and the clients behind it timed out (measured:
 * 200–800 connections queued for the whole of a 30 s run, 460 timing out every 10 s). Starting
 * requests, in arrival order, only for `budgetMs` of a turn keeps turns short and lets new
 * connections in while the server is saturated; an idle server is not affected. The budget is
 * time, not a count of requests, so that the writes of one turn still share one commit (a
 * count of 16 cut durable writes from ~11,000/s to 1,200/s).
 */

/** Runs jobs in arrival order, for about `budgetMs` per turn of the event loop. */
export interface Turns {
  run(job: () => void): void;
}

/** Creates the queue. */
export function boundedTurns(budgetMs: number): Turns {
  let jobs: (() => void)[] = [];
  let next = 0;
  /** True from the first queued job until the queue is empty (a drain is pending or running). */
  let scheduled = false;
  const drain = (): void => {
    const until = performance.now() + budgetMs;
    try {
      while (next < jobs.length) {
        const job = jobs[next++] as () => void;
        job();
        if (performance.now() >= until) break;
      }
    } finally {
      // The jobs started are let go (a job holds its request and response until then); jobs
      // queued meanwhile, by a job or by a throw cutting the turn short, wait for the next turn.
      jobs = next < jobs.length ? jobs.slice(next) : [];
      next = 0;
      if (jobs.length > 0) setImmediate(drain);
      else scheduled = false;
    }
  };
  return {
    run(job) {
      jobs.push(job);
      if (!scheduled) {
        scheduled = true;
        setImmediate(drain);
      }
    },
  };
}
