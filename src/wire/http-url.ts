/**
 * Where an HTTP API is reached: a URL clients send to and sign for (P-AUTH-7), the runner's
 * target (`baseUrl`, `--base-url`) and the server's public origin (`--public-url`) alike.
 */

/**
 * Why `url` cannot be the base of an HTTP API, in words that follow it ("must be http or
 * https"), never repeating it (a password would be shown); undefined when it can. It must be an
 * absolute `http:` or `https:` URL with no query and no fragment, not even an empty `?` or `#`
 * (a signature base string URI has neither, RFC 5849 §3.4.1.2), and no user name or password
 * (clients sign with OAuth, P-AUTH-1, and send none).
 */
export function apiUrlProblem(url: string): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "must be an absolute URL";
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return "must be http or https";
  if (u.search || u.hash || /[?#]/.test(url)) return "must not have a query or fragment";
  if (u.username || u.password)
    return "must not carry a user name or password (requests are signed with two-legged OAuth, P-AUTH-1)";
  return undefined;
}
