/**
 * `/healthz`, outside `/os/0.8/` and without authentication, for load balancers: 200 when the
 * store answers, 503 when it does not, and 503 from the moment the server begins to stop (a
 * SIGTERM), so that a balancer takes the instance out before it leaves. GET and HEAD only.
 */
import type { AppDataStore } from "./store/types.js";
import type { ServerRequest, ServerResponse } from "./types.js";

/** The path of the health endpoint. */
export const HEALTH_PATH = "/healthz";

/** True when `req` targets the health endpoint (any query ignored). */
export function isHealthRequest(req: ServerRequest): boolean {
  const { url } = req;
  return (
    url.startsWith(HEALTH_PATH) &&
    (url.length === HEALTH_PATH.length || url[HEALTH_PATH.length] === "?")
  );
}

function json(status: number, value: unknown, extra: Record<string, string> = {}): ServerResponse {
  const body = Buffer.from(JSON.stringify(value));
  return {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-length": String(body.length),
      "cache-control": "no-store",
      ...extra,
    },
    body,
  };
}

/**
 * Answers a request to {@link HEALTH_PATH}; `stopping()` is true once the server has begun to
 * stop, and is asked again after the store's answer, so no 200 leaves after the signal.
 */
export async function healthResponse(
  req: ServerRequest,
  store: AppDataStore,
  stopping: () => boolean,
): Promise<ServerResponse> {
  if (req.method !== "GET" && req.method !== "HEAD")
    return json(
      405,
      { error: { code: 405, message: "method not allowed" } },
      { allow: "GET, HEAD" },
    );
  const stopped = (): ServerResponse => json(503, { status: "stopping" });
  if (stopping()) return stopped();
  try {
    await store.ping();
    return stopping() ? stopped() : json(200, { status: "ok" });
  } catch {
    return json(503, { status: "unavailable" });
  }
}
