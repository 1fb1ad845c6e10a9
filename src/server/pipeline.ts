/**
 * `handle(req)`: the request pipeline in the precedence order of P-ERR-5: body too large (413);
 * authentication (400); unknown path or method (404, 405); a viewer without the application
 * (403, P-AUTH-5); missing guid or selector (400, 403); then the operation's own checks.
 */
import { OperationalError } from "../model/operational-error.js";
import { formParams, type OAuthParam } from "../oauth/index.js";
import type { NonceStore } from "./auth/nonce-store.js";
import { verifyRequest } from "./auth/verify.js";
import { maybeCompress } from "./compress.js";
import { type Fault, fault, isFault } from "./fault.js";
import { dispatch } from "./handlers/operations.js";
import { indexResponse } from "./index-page.js";
import { OPENAPI_PATH, openApiResponse } from "./openapi-document.js";
import { type AtomRenderer, faultResponse, replyResponse } from "./render.js";
import type { Reply } from "./reply.js";
import { matchRoute } from "./router.js";
import type { AppDataStore } from "./store/types.js";
import type {
  Caller,
  HandlerContext,
  HttpLimits,
  Query,
  ServerLogger,
  ServerRequest,
  ServerResponse,
} from "./types.js";
import { hasApp } from "./views/person.js";
import type { World } from "./world/types.js";

/** What the pipeline runs against. */
export interface PipelineDeps {
  world: World;
  store: AppDataStore;
  clock: () => number;
  logger: ServerLogger;
  limits: HttpLimits;
  nonces: NonceStore;
  atom: AtomRenderer;
  /** P-AUTH-7: the public origin signatures are checked against, if configured. */
  publicOrigin?: string | undefined;
}

/**
 * The path (as sent: it is what the client signed) and decoded query of a request target, or a
 * fault (P-DATA-2: an undecodable query → 400). An absolute-form target keeps only its path.
 */
function parseTarget(url: string): { pathname: string; query: OAuthParam[] } | Fault {
  let target = url;
  if (!target.startsWith("/")) {
    try {
      const u = new URL(target);
      target = u.pathname + u.search;
    } catch {
      return fault(400, "invalid-target", "request target is not decodable");
    }
  }
  const hash = target.indexOf("#");
  if (hash >= 0) target = target.slice(0, hash);
  const q = target.indexOf("?");
  if (q < 0) return { pathname: target, query: [] };
  const query = formParams(target.slice(q + 1));
  return query.ok
    ? { pathname: target.slice(0, q), query: query.value }
    : fault(400, "invalid-query", "query is not decodable");
}

/** The first value of each query parameter (P-FMT-1: unknown ones are ignored). */
function firstValues(query: readonly OAuthParam[]): Query {
  const out = new Map<string, string>();
  for (const [n, v] of query) if (!out.has(n)) out.set(n, v);
  return out;
}

/** A request target as {@link parseTarget} reads it. */
type Target = ReturnType<typeof parseTarget>;

/**
 * True for GET and HEAD of `path` (query ignored), answered before authentication: the index at
 * `/` and the OpenAPI document at `/openapi.json`, exact paths outside the API (§5 still applies
 * under `/os/0.8/`).
 */
function isDocumentRequest(
  req: ServerRequest,
  deps: PipelineDeps,
  target: Target,
  path: string,
): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.body.length > deps.limits.maxBodyBytes) return false;
  return !isFault(target) && target.pathname === path;
}

/** The reply or fault of `req` (its `target` read); a promise only when the handler awaits (writes). */
function answer(
  req: ServerRequest,
  deps: PipelineDeps,
  target: Target,
): Reply | Fault | Promise<Reply | Fault> {
  if (req.body.length > deps.limits.maxBodyBytes)
    return fault(413, "body-too-large", "request body larger than 1 MiB");
  if (isFault(target)) return target;
  const verified = verifyRequest(req, target, {
    world: deps.world,
    nonces: deps.nonces,
    nowMs: deps.clock(),
    publicOrigin: deps.publicOrigin,
  });
  return verified instanceof Promise
    ? verified.then((caller) => answerCaller(req, deps, target, caller))
    : answerCaller(req, deps, target, verified);
}

/** The rest of {@link answer} once authentication has decided. */
function answerCaller(
  req: ServerRequest,
  deps: PipelineDeps,
  target: { pathname: string; query: OAuthParam[] },
  caller: Caller | Fault,
): Reply | Fault | Promise<Reply | Fault> {
  if (isFault(caller)) return caller;
  const match = matchRoute(req.method, target.pathname);
  if (isFault(match)) return match;
  if (!hasApp(caller.viewer, caller.app))
    return fault(403, "app-not-used", "the viewer does not use this application");
  if ("deferred" in match) return match.deferred;
  const ctx: HandlerContext = {
    app: caller.app,
    viewer: caller.viewer,
    world: deps.world,
    store: deps.store,
    query: firstValues(target.query),
    req,
  };
  return dispatch(ctx, match.route);
}

/**
 * Handles one request; never throws. A store that does not answer (a database down or
 * restarting) is a 503 (the write was not acknowledged, P-DATA-4); any other throw is a bug,
 * answered 500. Both are logged without secrets.
 */
export async function handleRequest(
  req: ServerRequest,
  deps: PipelineDeps,
): Promise<ServerResponse> {
  let res: ServerResponse;
  try {
    const target = parseTarget(req.url); // read once, for the documents and the API alike
    if (isDocumentRequest(req, deps, target, "/"))
      res = indexResponse(deps.world, req.headers.accept);
    else if (isDocumentRequest(req, deps, target, OPENAPI_PATH))
      res = openApiResponse(deps.publicOrigin, req.headers.host);
    else {
      const pending = answer(req, deps, target);
      const out = pending instanceof Promise ? await pending : pending;
      res = isFault(out) ? faultResponse(out) : replyResponse(out, deps.atom);
    }
  } catch (e) {
    const unavailable = e instanceof OperationalError && e.code === "OSK_STORE_UNAVAILABLE";
    deps.logger.error(unavailable ? "store unavailable" : "internal error", {
      method: req.method,
      path: req.url.split("?")[0],
      error: unavailable ? e.message : e instanceof Error ? e.stack : String(e),
    });
    res = faultResponse(
      unavailable
        ? fault(503, "unavailable", "service unavailable")
        : fault(500, "internal", "internal error"),
    );
  }
  const sent = maybeCompress(res, req.headers["accept-encoding"]);
  // P-ERR-2: HEAD gets the status and headers GET would get (Content-Length included), no body.
  return req.method === "HEAD" ? { ...sent, body: NO_BODY } : sent;
}

const NO_BODY = new Uint8Array(0);
