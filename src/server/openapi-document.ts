/**
 * `GET /openapi.json` (and HEAD): the OpenAPI 3.1 document of the API, the package's
 * schemas/openapi.json as shipped, without authentication. It lies outside `/os/0.8/`, which
 * social-api.md §5's signing covers and P-ERR-6 leaves to each service, like `/` and `/healthz`.
 * Its one server URL, the default `http://127.0.0.1:8080` in the shipped file, is the origin
 * this server is reached at: the public URL when one is set (P-AUTH-7), else `http://` and the
 * request's `Host` when that is a plain host and port.
 */
import { readFileSync } from "node:fs";
import { packagePath } from "../model/package-root.js";
import { DEFAULT_SERVER_URL } from "../schemas/openapi/server-url.js";
import type { ServerResponse } from "./types.js";

/** Where the document is served. */
export const OPENAPI_PATH = "/openapi.json";

/** The shipped document's server URL, replaced in the served one. */
const SHIPPED_SERVER = `"url": ${JSON.stringify(DEFAULT_SERVER_URL)}`;
/** A `Host` that is a name, an IPv4 or a bracketed IPv6 address, with an optional port. */
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;

/** The shipped text (read once) and where its server URL starts (-1 if it has none). */
let shipped: { text: string; at: number } | undefined;

/** The answer to `GET /openapi.json` for a server reached at `publicOrigin` or `host`. */
export function openApiResponse(
  publicOrigin: string | undefined,
  host: string | undefined,
): ServerResponse {
  if (!shipped) {
    const text = readFileSync(packagePath("schemas", "openapi.json"), "utf8");
    shipped = { text, at: text.indexOf(SHIPPED_SERVER) };
  }
  const { text, at } = shipped;
  const origin =
    publicOrigin ?? (host !== undefined && PLAIN_HOST.test(host) ? `http://${host}` : undefined);
  const body = Buffer.from(
    origin === undefined || at < 0
      ? text
      : `${text.slice(0, at)}"url": ${JSON.stringify(origin)}${text.slice(at + SHIPPED_SERVER.length)}`,
  );
  return {
    status: 200,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-length": String(body.length),
    },
    body,
  };
}
