/** P-ERR-2: responses are gzip-compressed only for a client that sent `Accept-Encoding: gzip`. */
import { gzipSync } from "node:zlib";
import { looseQuality, parseAccept } from "../wire/accept.js";
import type { ServerResponse } from "./types.js";

/** The codings that ask for gzip. */
const GZIP_CODINGS = new Set(["gzip", "x-gzip", "*"]);

/** True when `acceptEncoding` lists gzip (or `*`) with a q-value above 0 (read loosely). */
function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return parseAccept(acceptEncoding).some(
    (entry) => GZIP_CODINGS.has(entry.range) && looseQuality(entry) > 0,
  );
}

/** Compresses a non-empty body when the client asked for gzip. */
export function maybeCompress(
  res: ServerResponse,
  acceptEncoding: string | undefined,
): ServerResponse {
  if (res.body.length === 0) return res;
  res.headers.vary = res.headers.vary ? `${res.headers.vary}, Accept-Encoding` : "Accept-Encoding";
  if (!acceptsGzip(acceptEncoding)) return res;
  const body = gzipSync(res.body);
  return {
    status: res.status,
    headers: { ...res.headers, "content-encoding": "gzip", "content-length": String(body.length) },
    body,
  };
}
