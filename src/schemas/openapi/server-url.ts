/**
 * The OpenAPI document's server URL: where `opensocial-kit serve` listens by default. The
 * server serves the document with the URL it is reached at instead.
 */
export const DEFAULT_SERVER_URL = "http://127.0.0.1:8080";
