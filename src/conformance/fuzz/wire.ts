/**
 * The fuzzer's requests on the wire: each one signed with the kit's signer (signing.ts) as the
 * target's own apps and users, sent within the run's limits, and kept with what was sent so a
 * failure can be replayed with `curl` (curl.ts). Talks HTTP only, to whatever target it is given.
 */
import { percentEncode } from "../../oauth/index.js";
import type { AuthSpec } from "../case-types.js";
import type { SentRequest } from "../request/sent-request.js";
import { normaliseAuth, sign } from "../request/signing.js";
import { type TargetClock, targetNowS } from "../request/target-clock.js";
import type { AppCredentials } from "../suite/target.js";
import type { ClientLimits } from "../transport/client-limits.js";
import {
  createHttpClient,
  type Exchange,
  type HttpClient,
  type TransportError,
  type TransportErrorCode,
} from "../transport/http-client.js";
import { sendRaw } from "../transport/raw-socket.js";

/** One request the fuzzer sends. Query pairs are given decoded; `path` is already encoded. */
export interface FuzzRequest {
  readonly method: string;
  readonly path: string;
  readonly query?: readonly (readonly [string, string])[];
  /** Appended to the query verbatim and signed like the rest (e.g. an undecodable `%FF`). */
  readonly rawQuery?: string;
  readonly body?: { readonly bytes: Uint8Array; readonly contentType: string };
  readonly app?: "main" | "other";
  /** The requestor (`xoauth_requestor_id`); `null` sends none. Default: the viewer. */
  readonly as?: string | null;
  readonly auth?: AuthSpec;
  readonly headers?: Readonly<Record<string, string>>;
  readonly http10?: boolean;
  /** The OAuth nonce (default: random). */
  readonly nonce?: string;
}

/** One answer, with the request that produced it. */
export interface Answer {
  readonly request: FuzzRequest;
  readonly sent: SentRequest;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  readonly text: string;
}

/**
 * A request that got no answer (timeout, refused connection): thrown out of fast-check's
 * command, which ends the sequence; it carries the transport's record.
 */
export class TransportFailure extends Error {
  override readonly name = "TransportFailure";
  constructor(
    readonly sent: SentRequest,
    readonly error: TransportError,
  ) {
    super(error.message);
  }

  /** The transport's code. */
  get code(): TransportErrorCode {
    return this.error.code;
  }
}

/** Sends fuzz requests to one target. */
export interface Wire {
  readonly origin: string;
  /** Every request sent so far, in order (the trace a failure is reported with). */
  readonly trace: SentRequest[];
  send(req: FuzzRequest): Promise<Answer>;
  close(): Promise<void>;
}

/** What a wire needs to know about the target. */
interface WireTarget {
  readonly baseUrl: string;
  readonly apps: { readonly main: AppCredentials; readonly other?: AppCredentials };
  readonly viewer: string;
  /** The target's clock, which requests are signed by (P-AUTH-3.6); default this machine's. */
  readonly clock?: TargetClock;
}

/** A wire to `target`; each exchange is bounded by `limits`. */
export function createWire(target: WireTarget, limits: ClientLimits, client?: HttpClient): Wire {
  const http = client ?? createHttpClient(target.baseUrl, 4);
  const trace: SentRequest[] = [];
  const exchange = (http10: boolean | undefined, wire: Parameters<HttpClient["send"]>[0]) =>
    http10 ? sendRaw(target.baseUrl, wire, limits, { http: "1.0" }) : http.send(wire, limits);
  return {
    origin: target.baseUrl,
    trace,
    async send(req) {
      const app = target.apps[req.app ?? "main"] ?? target.apps.main;
      const query = (req.query ?? [])
        .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
        .join("&");
      const auth = normaliseAuth(req.auth);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers ?? {})) headers[k.toLowerCase()] = v;
      if (req.body) headers["content-type"] = req.body.contentType;
      const requestor = req.as === undefined ? target.viewer : req.as;
      const signed = sign({
        method: req.method,
        origin: target.baseUrl,
        path: req.path,
        query,
        ...(req.rawQuery !== undefined ? { trailing: req.rawQuery } : {}),
        ...(req.body ? { body: req.body.bytes, contentType: req.body.contentType } : {}),
        app,
        ...(requestor !== null ? { requestor } : {}),
        auth,
        now: targetNowS(target.clock),
        ...(req.nonce !== undefined ? { nonce: req.nonce } : {}),
      });
      Object.assign(headers, signed.headers);
      const path = signed.query === "" ? req.path : `${req.path}?${signed.query}`;
      const wire = {
        method: req.method,
        path,
        headers,
        ...(req.body ? { body: req.body.bytes } : {}),
      };
      const text = req.body ? Buffer.from(req.body.bytes).toString("utf8") : undefined;
      const sent: SentRequest = {
        method: req.method,
        url: `${target.baseUrl}${path}`,
        headers,
        ...(text !== undefined
          ? { body: text.length > 2000 ? `${text.slice(0, 2000)}…` : text }
          : {}),
        bodyBytes: req.body?.bytes.length ?? 0,
        http: req.http10 ? "1.0" : "1.1",
      };
      trace.push(sent);
      if (auth.mode === "replayed-nonce") {
        const first = await exchange(req.http10, wire);
        if (!first.ok) throw new TransportFailure(sent, first.error);
        trace.push(sent);
      }
      const x: Exchange = await exchange(req.http10, wire);
      if (!x.ok) throw new TransportFailure(sent, x.error);
      const r = x.response;
      return {
        request: req,
        sent,
        status: r.status,
        headers: r.headers,
        body: r.body,
        text: r.body.toString("utf8"),
      };
    },
    close: () => (client ? Promise.resolve() : http.close()),
  };
}
