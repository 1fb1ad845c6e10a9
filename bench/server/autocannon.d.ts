/** The slice of autocannon's API the server benchmark uses (the package ships no types). */
declare module "autocannon" {
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections: number;
    duration: number;
    pipelining?: number;
    requests?: (RawRequest & { setupRequest?: (req: RawRequest) => RawRequest })[];
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; average: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Answers per status code. */
    statusCodeStats: Record<string, { count: number }>;
  }
  /** The running load: a promise of its result that also reports each failed request. */
  interface Instance extends Promise<Result> {
    on(event: "reqError", listener: (error: Error) => void): this;
  }
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
