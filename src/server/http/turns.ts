/**
 * Requests handled in bounded turns of the event loop. Node's event loop accepts
 * new connections only between turns, one per turn (libuv accepts a single connection each time
 * the listening socket is polled, since libuv 1.45); a turn that handled every ready request of
 * 1,000 busy keep-alive connections lasted 100–400 ms, so under full load a new connection
 * waited seconds in the kernel's accept queue and the clients behind it timed out (measured:
 * 200–800 connections queued for the whole of a 30 s run, 460 timing out every 10 s). Starting
 * requests, in arrival order, only for `budgetMs` of a turn keeps turns short and lets new
 * connections in while the server is saturated; an idle server is not affected. The budget is
 * time, not a count of requests, so that the writes of one turn still share one commit (a
 * count of 16 cut durable writes from ~11,000/s to 1,200/s).
 *
 * While connections are arriving the budget is `arrivingMs` instead: a turn in which a
 * connection was accepted may have more behind it in the accept queue, and each further one
 * needs a turn of its own. With 5 ms turns (about 20 ms of loop turn with commits and answers),
 * a burst of 1,000 new connections during durable writes was accepted at ~50 a second and
 * 200–450 of the first requests timed out at 10 s; shorter turns while the burst lasts let it
 * in within seconds, and the full budget (larger commits) returns with the first turn that
 * accepts nothing.
 */

/** Runs jobs in arrival order, for about `budgetMs` per turn of the event loop. */
interface Turns {
  run(job: () => void): void;
  /** A connection was accepted: the next turn uses the short budget. */
  connectionAccepted(): void;
}

/** Creates the queue: `budgetMs` a turn, `arrivingMs` in a turn after a connection was accepted. */
export function boundedTurns(budgetMs: number, arrivingMs = budgetMs): Turns {
  let jobs: (() => void)[] = [];
  let next = 0;
  /** True from the first queued job until the queue is empty (a drain is pending or running). */
  let scheduled = false;
  /** A connection was accepted since the last turn began. */
  let arriving = false;
  const drain = (): void => {
    const until = performance.now() + (arriving ? arrivingMs : budgetMs);
    arriving = false;
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
    connectionAccepted() {
      arriving = true;
    },
  };
}
