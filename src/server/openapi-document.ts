/**
 * `GET /openapi.json` (and HEAD): the OpenAPI 3.1 document of the API, the package's
 * schemas/openapi.json as shipped, without authentication. It lies outside `/os/0.8/`, which
 * social-api.md §5's signing covers and P-ERR-6 leaves to each service, like `/` and `/healthz`.
 */
import { readFileSync } from "node:fs";
import { packagePath } from "../model/package-root.js";
import type { ServerResponse } from "./types.js";

/** Where the document is served. */
export const OPENAPI_PATH = "/openapi.json";

let body: Buffer | undefined;

/** The answer to `GET /openapi.json`. */
export function openApiResponse(): ServerResponse {
  // the shipped document (schemas/openapi.json, what `opensocial-kit openapi` writes)
  body ??= readFileSync(packagePath("schemas", "openapi.json"));
  return {
    status: 200,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-length": String(body.length),
    },
    body,
  };
}
