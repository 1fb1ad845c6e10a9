/**
 * The floor of a verified GET people @me/@self: the least work the API asks of any server for
 * it, in plain code on the baseline's node:http handler, to put the reference server's cost in
 * perspective (a lower bound, not a server: one app, one user, no paging, no formats, no errors
 * but 401, the person's JSON written once):
 *
 * - read the `Authorization` header's parameters (`realm` left out) and the query's
 *   `xoauth_requestor_id` (P-AUTH-2), the requestor a known user;
 * - the signature base string of RFC 5849 §3.4.1 and its HMAC-SHA1 under the app's key
 *   (P-AUTH-1: the method HMAC-SHA1), compared in constant time;
 * - a decimal timestamp within the window, a nonce of 1–256 characters, and the
 *   (consumer key, nonce) pair claimed once (P-AUTH-3; not forgotten after the window, which
 *   no bench outlasts).
 *
 * Every check counts: a request that fails one gets 400 (P-AUTH-3), which the bench counts as an
 * error.
 * (The bench signs with names and values that need no RFC 5849 encoding beyond
 * `encodeURIComponent`'s.)
 */
import { createHmac, createSecretKey, timingSafeEqual } from "node:crypto";
import { PERSON_BODY } from "./person-body.mjs";

const KEY = createSecretKey(Buffer.from(`${encodeURIComponent("quiz secret+1/é")}&`));
const CONSUMER = "quiz-key";
const WINDOW_S = 300;
const nonces = new Set();
const USERS = new Set(["example.org:alice"]);
const STAMP = /^[0-9]{1,12}$/;
const REFUSED = [400, '{"error":{"code":400,"message":"authentication failed"}}'];
const decode = (t) => (t.includes("%") ? decodeURIComponent(t) : t);
const decodeQuery = (t) => decode(t.includes("+") ? t.replaceAll("+", " ") : t);
const byName = (a, b) => (a < b ? -1 : 1);

/** `[status, body]` for `req`. */
export function floorAnswer(req) {
  const header = req.headers.authorization ?? "";
  // encoded "name=value" pairs, the signature apart
  const pairs = [];
  let signature = "";
  let nonce = "";
  let stamp = "";
  let key = "";
  let method = "";
  let requestor = "";
  for (let at = header.indexOf(" ") + 1; at > 0 && at < header.length; ) {
    const eq = header.indexOf('="', at);
    const end = header.indexOf('"', eq + 2);
    if (eq < 0 || end < 0) return REFUSED;
    const name = header.slice(at, eq);
    const value = decode(header.slice(eq + 2, end));
    if (name === "oauth_signature") signature = value;
    else if (name !== "realm") pairs.push(`${name}=${encodeURIComponent(value)}`);
    if (name === "oauth_nonce") nonce = value;
    else if (name === "oauth_timestamp") stamp = value;
    else if (name === "oauth_consumer_key") key = value;
    else if (name === "oauth_signature_method") method = value;
    at = header.indexOf(",", end) + 1;
    while (header.charCodeAt(at) === 32) at++;
  }
  const q = req.url.indexOf("?");
  const path = q < 0 ? req.url : req.url.slice(0, q);
  if (q >= 0)
    for (const pair of req.url.slice(q + 1).split("&")) {
      const e = pair.indexOf("=");
      const name = decodeQuery(pair.slice(0, e));
      const value = decodeQuery(pair.slice(e + 1));
      if (name === "xoauth_requestor_id") requestor = value;
      pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
    }
  if (key !== CONSUMER || method !== "HMAC-SHA1" || !USERS.has(requestor)) return REFUSED;
  if (!STAMP.test(stamp) || Math.abs(Date.now() / 1000 - Number(stamp)) > WINDOW_S) return REFUSED;
  if (nonce === "" || nonce.length > 256) return REFUSED;
  pairs.sort(byName);
  const base = `GET&${encodeURIComponent(`http://${req.headers.host}${path}`)}&${encodeURIComponent(pairs.join("&"))}`;
  const mac = Buffer.from(createHmac("sha1", KEY).update(base).digest("base64"));
  const given = Buffer.from(signature);
  if (mac.length !== given.length || !timingSafeEqual(mac, given)) return REFUSED;
  if (nonces.has(nonce)) return REFUSED;
  nonces.add(nonce);
  return [200, PERSON_BODY];
}
