// Two-legged OAuth 1.0a (RFC 5849) HMAC-SHA1 verification, with the tolerances of profile P-AUTH-6.
import crypto from 'node:crypto';

export class AuthError extends Error {}

const HEX = '0123456789ABCDEF';
export function pctDecode(s, plusAsSpace) {
  const bytes = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '%') {
      const h = s.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(h)) throw new URIError('bad percent escape');
      bytes.push(parseInt(h, 16)); i += 2;
    } else if (c === '+' && plusAsSpace) bytes.push(0x20);
    else { for (const b of Buffer.from(c, 'utf8')) bytes.push(b); }
  }
  return Buffer.from(bytes);
}

export function enc(x) {
  const buf = Buffer.isBuffer(x) ? x : Buffer.from(String(x), 'utf8');
  let out = '';
  let from = 0; // the start of the run of unreserved bytes, copied at once
  for (let k = 0; k < buf.length; k++) {
    const b = buf[k];
    if ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x2d || b === 0x2e || b === 0x5f || b === 0x7e) continue;
    out += buf.toString('latin1', from, k) + '%' + HEX[b >> 4] + HEX[b & 15];
    from = k + 1;
  }
  return out + buf.toString('latin1', from);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
export function strictUtf8(buf) { return utf8.decode(buf); }

// Parses a form-encoded string (query or body) into [{n: Buffer, v: Buffer}], empty segments ignored.
export function parseForm(raw) {
  const out = [];
  if (!raw) return out;
  for (const seg of raw.split('&')) {
    if (seg === '') continue;
    const eq = seg.indexOf('=');
    const name = eq < 0 ? seg : seg.slice(0, eq);
    const val = eq < 0 ? '' : seg.slice(eq + 1);
    out.push({ n: pctDecode(name, true), v: pctDecode(val, true) });
  }
  return out;
}

function parseAuthHeader(h) {
  const m = /^\s*OAuth(?:\s+(.*))?$/is.exec(h);
  if (!m) return null;
  const rest = (m[1] || '').trim();
  const params = [];
  if (!rest) return params;
  const re = /\s*([A-Za-z0-9_\-.~%]+)\s*=\s*"([^"]*)"\s*(,|$)/y;
  let pos = 0;
  while (pos < rest.length) {
    re.lastIndex = pos;
    const mm = re.exec(rest);
    if (!mm) throw new AuthError('malformed Authorization header');
    params.push({ n: pctDecode(mm[1], false).toString('utf8'), v: pctDecode(mm[2], false) });
    pos = re.lastIndex;
    if (mm[3] === '') break;
  }
  if (pos < rest.length && rest.slice(pos).trim() !== '') throw new AuthError('malformed Authorization header');
  return params;
}

function normalize(pairs) {
  return pairs
    .map(([n, v]) => [enc(n), enc(v)])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
    .map(([n, v]) => n + '=' + v)
    .join('&');
}

function timingEq(a, b) {
  const x = Buffer.from(a), y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export function createVerifier({ consumers, maxSkew = 300 }) {
  const nonces = new Map(); // key -> expiry ms
  function prune(now) {
    if (nonces.size < 5000) return;
    for (const [k, exp] of nonces) if (exp < now) nonces.delete(k);
  }

  /**
   * ctx: { method, baseUri, rawQuery, headers, body (Buffer), bodyKind: 'form'|'json'|'other'|null, bodyLooksJson }
   * returns { consumerKey, requestorId }
   */
  return function verify(ctx) {
    let headerParams = [];
    const ah = ctx.headers['authorization'];
    if (ah !== undefined) {
      const parsed = parseAuthHeader(Array.isArray(ah) ? ah[0] : ah);
      if (parsed === null) throw new AuthError('unsupported authorization scheme');
      headerParams = parsed.filter((p) => p.n !== 'realm');
    }
    let queryParams;
    try { queryParams = parseForm(ctx.rawQuery); } catch { throw new AuthError('malformed query'); }

    // Protocol parameters: oauth_* and xoauth_requestor_id from header or query.
    const proto = new Map();
    const dupOnce = new Set();
    const take = (n, v, where) => {
      if (proto.has(n)) {
        const prev = proto.get(n);
        if (!prev.v.equals(v)) throw new AuthError('conflicting protocol parameter');
        if (prev.where === where) throw new AuthError('repeated protocol parameter');
        dupOnce.add(n);
        return;
      }
      proto.set(n, { v, where });
    };
    for (const p of headerParams) {
      if (!p.n.startsWith('oauth_') && p.n !== 'xoauth_requestor_id') continue;
      take(p.n, p.v, 'h');
    }
    for (const p of queryParams) {
      const n = p.n.toString('utf8');
      if (!n.startsWith('oauth_') && n !== 'xoauth_requestor_id') continue;
      take(n, p.v, 'q');
    }
    const get = (n) => (proto.has(n) ? proto.get(n).v.toString('utf8') : undefined);
    const consumerKey = get('oauth_consumer_key');
    const sig = get('oauth_signature');
    const method = get('oauth_signature_method');
    const ts = get('oauth_timestamp');
    const nonce = get('oauth_nonce');
    const version = get('oauth_version');
    const token = get('oauth_token');
    if (!consumerKey || !sig || !method || !ts || !nonce) throw new AuthError('missing OAuth parameter');
    if (method !== 'HMAC-SHA1') throw new AuthError('unsupported signature method');
    if (version !== undefined && version !== '1.0') throw new AuthError('unsupported OAuth version');
    if (token !== undefined && token !== '') throw new AuthError('tokens are not supported');
    if (!/^[0-9]{1,12}$/.test(ts)) throw new AuthError('bad timestamp');
    const now = Date.now();
    if (Math.abs(now / 1000 - Number(ts)) > maxSkew) throw new AuthError('timestamp out of range');
    const secret = consumers.get(consumerKey);
    if (secret === undefined) throw new AuthError('unknown consumer');

    // Body hash, when present, must match.
    const bh = get('oauth_body_hash');
    let bodyHashOk = false;
    if (bh !== undefined) {
      const d = crypto.createHash('sha1').update(ctx.body || Buffer.alloc(0)).digest();
      if (bh === d.toString('base64') || bh.toLowerCase() === d.toString('hex')) bodyHashOk = true;
      else throw new AuthError('body hash mismatch');
    }

    // Base parameter list: everything from the query and the header except oauth_signature/realm.
    const base = [];
    for (const p of headerParams) if (p.n !== 'oauth_signature') base.push([Buffer.from(p.n, 'utf8'), p.v]);
    const queryNonSig = queryParams.filter((p) => p.n.toString('utf8') !== 'oauth_signature');
    const variants = [];
    // variant 1: all parameters as sent (RFC 5849)
    const fullQuery = queryNonSig.map((p) => [p.n, p.v]);
    // variant 2: protocol parameters repeated in header and query counted once
    const onceQuery = queryNonSig.filter((p) => !dupOnce.has(p.n.toString('utf8'))).map((p) => [p.n, p.v]);
    const queryVariants = dupOnce.size ? [fullQuery, onceQuery] : [fullQuery];

    const bodyVariants = [];
    const body = ctx.body && ctx.body.length ? ctx.body : null;
    if (ctx.bodyKind === 'form') {
      let formPairs = null;
      try { formPairs = parseForm(body ? body.toString('latin1') : '').map((p) => [p.n, p.v]); } catch { formPairs = null; }
      if (formPairs) bodyVariants.push(formPairs);
      if (body && ctx.bodyLooksJson) {
        bodyVariants.push([[body, Buffer.alloc(0)]]);           // PHP client: body as one name
        if (bodyHashOk) bodyVariants.push([]);                   // osapi with body hash
      }
      if (!body) bodyVariants.push([]);
    } else {
      bodyVariants.push([]);
      if (body && ctx.bodyLooksJson) bodyVariants.push([[body, Buffer.alloc(0)]]);
    }

    const keys = [enc(secret) + '&', secret + '&'];
    let ok = false;
    for (const qv of queryVariants) {
      for (const bv of bodyVariants) {
        const params = normalize([...base, ...qv, ...bv]);
        const sbs = ctx.method.toUpperCase() + '&' + enc(ctx.baseUri) + '&' + enc(params);
        for (const k of keys) {
          const mac = crypto.createHmac('sha1', Buffer.from(k, 'utf8')).update(sbs).digest('base64');
          if (timingEq(mac, sig)) ok = true;
        }
      }
    }
    if (!ok) throw new AuthError('signature invalid');

    const nk = consumerKey + '\u0000' + nonce;
    prune(now);
    const exp = nonces.get(nk);
    if (exp !== undefined && exp >= now) throw new AuthError('nonce already used');
    nonces.set(nk, now + (maxSkew * 2 + 5) * 1000);

    const requestor = get('xoauth_requestor_id');
    return { consumerKey, requestorId: requestor };
  };
}
