/**
 * A TLS handshake that failed, in words: no request went out, so it is a failure to connect.
 * Node reports it with OpenSSL's text (`write EPROTO 80DC…:error:0A00010B:SSL
 * routines:ssl3_get_record:wrong version number:../deps/openssl/…:350:` and a newline) or an
 * X.509 verification code (`DEPTH_ZERO_SELF_SIGNED_CERT`); a user needs the cause and the remedy.
 */

/** The certificate verification codes (OpenSSL's, as Node gives them) and the hostname check's. */
const UNTRUSTED = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "CERT_REVOKED",
  "CERT_UNTRUSTED",
  "CERT_REJECTED",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

/** OpenSSL's reason in `…:SSL routines:<function>:<reason>:<file>:<line>:`, else the text on one line. */
function opensslReason(message: string): string {
  const m = /SSL routines:[^:]*:([^:]+):/.exec(message);
  return m?.[1] ?? message.replace(/\s+/g, " ").trim();
}

/**
 * The words for a TLS failure with this error `code` and `message` (leading with the code, as
 * the transport's other messages do), or undefined when it is not one.
 */
export function tlsFailureText(code: string, message: string): string | undefined {
  if (UNTRUSTED.has(code))
    return `${code}: the server's TLS certificate is not trusted (${message.trim()}); for a certificate of a private authority, set NODE_EXTRA_CA_CERTS to that authority's PEM file`;
  if (code !== "EPROTO" && !code.startsWith("ERR_SSL_")) return undefined;
  const reason = opensslReason(message);
  return /wrong version number|packet length too long|http request/i.test(reason)
    ? `${code}: no TLS handshake at this address (${reason}): the server there speaks plain HTTP; give the base URL with http://`
    : `${code}: the TLS handshake failed (${reason})`;
}
