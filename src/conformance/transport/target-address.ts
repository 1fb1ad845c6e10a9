/**
 * Where a target's base URL sends its requests, for both transports (http-client.ts and
 * raw-socket.ts): the connection's scheme, host and port, and the path the API is mounted under.
 * A base URL may carry one (`https://host/social`): every request's path (`/os/0.8/…`) then
 * follows it on the wire, as it does in the URL the request is signed for (P-AUTH-7).
 */

/** A base URL taken apart for sending. */
interface TargetAddress {
  readonly secure: boolean;
  /** The host to connect to (an IPv6 literal without its brackets). */
  readonly hostname: string;
  readonly port: number;
  /** The `Host` header's value: host and any port, as the URL writes them. */
  readonly host: string;
  /** The base URL's path without its trailing slash: "" or `/social`. */
  readonly prefix: string;
}

/** Takes `baseUrl` (http or https, already checked) apart. */
export function targetAddress(baseUrl: string): TargetAddress {
  const url = new URL(baseUrl);
  const secure = url.protocol === "https:";
  return {
    secure,
    hostname: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: Number(url.port || (secure ? 443 : 80)),
    host: url.host,
    prefix: url.pathname.replace(/\/+$/, ""),
  };
}
