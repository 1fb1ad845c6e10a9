/** P-ERR-2: responses are gzip-compressed only for a client that sent `Accept-Encoding: gzip`. */
import { gzipSync } from "node:zlib";
import type { ServerResponse } from "./types.js";

/** True when `acceptEncoding` lists gzip (or `*`) with a non-zero q-value. */
function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(",").some((part) => {
    const [coding, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (coding !== "gzip" && coding !== "x-gzip" && coding !== "*") return false;
    const q = params.find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
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
