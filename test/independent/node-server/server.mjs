// Independent implementation of the Social Platform Application REST API (social-api.md + profile rev. 5).
import http from 'node:http';
import fs from 'node:fs';
import crypto from 'node:crypto';
import { createVerifier, AuthError, parseForm, strictUtf8 } from './oauth.mjs';
import { parseOrdered, stringify, OrderedObj } from './ojson.mjs';
import * as atom from './atom.mjs';

const PORT = Number(process.env.PORT || 0);
const WORLD_FILE = process.env.WORLD;
if (!WORLD_FILE) { console.error('WORLD=<world.json> is required'); process.exit(2); }
const PUBLIC_URL = process.env.PUBLIC_URL || ''; // e.g. https://sandbox.example (P-AUTH-7)
const MAX_BODY = 1024 * 1024;
const DISCARD_MAX = 16 * 1024 * 1024;
const MAX_PAGE = 1000;
const MAX_INT = 2147483647;
const V = new Set((process.env.VARIANTS || '').split(',').filter(Boolean));
import zlib from 'node:zlib';
const CT_JSON = V.has('ct') ? 'application/json;charset=UTF-8' : 'application/json; charset=utf-8';
const CT_ATOM = V.has('ct') ? 'application/atom+xml;charset=UTF-8' : 'application/atom+xml; charset=utf-8';
function stringsDeep(v) {
  if (Array.isArray(v)) return v.map(stringsDeep);
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, stringsDeep(x)]));
  if (v && typeof v === 'object') { const o = {}; for (const k of Object.keys(v)) o[k] = stringsDeep(v[k]); return o; }
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return v;
}
function jsonText(v) {
  if (V.has('strings')) v = stringsDeep(v);
  let t = stringify(v);
  if (V.has('jsonesc')) t = t.replace(/\//g, '\\/').replace(/[\u0080-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
  if (V.has('jsonpretty')) t = JSON.stringify(JSON.parse(t), null, 2).replace(/[\u0080-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
  return t;
}

// ---------------------------------------------------------------- world
const world = JSON.parse(fs.readFileSync(WORLD_FILE, 'utf8'));
const NS = world.namespace;
const users = new Map(world.people.map((p) => [p.id, p]));
const friendsOf = new Map();
for (const id of users.keys()) friendsOf.set(id, new Set());
for (const [a, b] of world.friends) { friendsOf.get(a)?.add(b); friendsOf.get(b)?.add(a); }
const appsByKey = new Map(world.apps.map((a) => [a.consumerKey, a]));
const consumers = new Map(world.apps.map((a) => [a.consumerKey, a.consumerSecret]));

const cpCompare = (x, y) => Buffer.compare(Buffer.from(x, 'utf8'), Buffer.from(y, 'utf8'));
const albums = new Map(world.albums.map((a) => [a.id, a]));
const photosByAlbum = new Map();
for (const p of world.photos) {
  if (!photosByAlbum.has(p.albumId)) photosByAlbum.set(p.albumId, []);
  photosByAlbum.get(p.albumId).push(p);
}
for (const list of photosByAlbum.values()) list.sort((a, b) => cpCompare(a.id, b.id));

// appId -> userId -> Map(key -> value)
const store = new Map();
for (const [appId, byUser] of Object.entries(world.appdata || {})) {
  const m = new Map();
  for (const [uid, rec] of Object.entries(byUser)) m.set(uid, new Map(Object.entries(rec)));
  store.set(appId, m);
}
function record(appId, uid, create) {
  if (!store.has(appId)) store.set(appId, new Map());
  const m = store.get(appId);
  if (!m.has(uid) && create) m.set(uid, new Map());
  return m.get(uid);
}

const verify = createVerifier({ consumers });

// ---------------------------------------------------------------- helpers
class HttpError extends Error {
  constructor(status, message, headers) { super(message); this.status = status; this.headers = headers || {}; }
}
const bad = (m) => new HttpError(400, m);
const forbidden = (m) => new HttpError(403, m);
const notFound = (m) => new HttpError(404, m);

function resolveUser(idOrAlias, viewerId) {
  if (idOrAlias === '@me') return viewerId;
  if (users.has(idOrAlias)) return idOrAlias;
  if (!idOrAlias.includes(':') && users.has(NS + ':' + idOrAlias)) return NS + ':' + idOrAlias;
  return null;
}
const isFriend = (a, b) => friendsOf.get(a)?.has(b) === true;
const hasApp = (uid, appId) => (users.get(uid)?.apps || []).includes(appId);

function baseHeaders(extra) {
  return Object.assign({
    'X-Powered-By': 'indep-js/0.1 (node)',
    'Cache-Control': 'no-store, private',
  }, extra || {});
}

function sendBody(req, res, status, contentType, body, extra) {
  const headers = baseHeaders(extra);
  headers['Content-Type'] = contentType;
  headers['ETag'] = '"' + crypto.createHash('sha1').update(body).digest('hex').slice(0, 20) + '"';
  let buf0 = Buffer.from(body, 'utf8');
  if (V.has('gzip') && /\bgzip\b/.test(String(req.headers['accept-encoding'] || ''))) { buf0 = zlib.gzipSync(buf0); headers['Content-Encoding'] = 'gzip'; headers['Vary'] = 'Accept-Encoding'; }
  if (V.has('http')) { if (V.has('close')) headers['Connection'] = 'close'; res.statusMessage = 'Indep ' + status; }
  res.writeHead(status, headers);
  if (req.method === 'HEAD') { res.end(); return; }
  // chunked transfer encoding: no Content-Length, written in two pieces
  const buf = buf0;
  const half = Math.floor(buf.length / 2);
  res.write(buf.subarray(0, half));
  res.end(buf.subarray(half));
}
function sendEmpty(req, res, status) {
  if (V.has('writebody')) return sendBody(req, res, status, CT_JSON, '{"status":"ok"}');
  res.writeHead(status, baseHeaders({ 'Content-Length': '0' }));
  res.end();
}
function sendError(req, res, status, message, extra) {
  const body = jsonText({ error: { message, code: status } });
  sendBody(req, res, status, CT_JSON, body, extra);
}

// Query: name -> first decoded value. Invalid UTF-8/escapes remembered and raised in the query phase.
function parseQuery(raw) {
  const q = new Map();
  let invalid = false;
  let pairs = [];
  try { pairs = parseForm(raw); } catch { invalid = true; }
  for (const p of pairs) {
    let n, v;
    try { n = strictUtf8(p.n); v = strictUtf8(p.v); } catch { invalid = true; continue; }
    if (!q.has(n)) q.set(n, v);
  }
  return { q, invalid };
}

function chooseFormat(ctx) {
  const f = V.has('acceptonly') ? undefined : ctx.q.get('format');
  if (f !== undefined) {
    if (f === 'json') return 'json';
    if (f === 'atom') return 'atom';
    throw bad('unsupported format');
  }
  const acc = String(ctx.req.headers['accept'] || '');
  let atomQ = -1, jsonQ = -1;
  for (const part of acc.split(',')) {
    const [type, ...params] = part.trim().split(';').map((s) => s.trim());
    let qv = 1;
    for (const p of params) { const m = /^q=([0-9.]+)$/i.exec(p); if (m) qv = Number(m[1]); }
    const t = type.toLowerCase();
    if (t === 'application/atom+xml') atomQ = Math.max(atomQ, qv);
    if (t === 'application/json') jsonQ = Math.max(jsonQ, qv);
  }
  // rev. 5: Atom only with q > 0 and strictly above JSON's (a tie serves JSON); wildcards count for neither
  return atomQ > 0 && atomQ > jsonQ ? 'atom' : 'json';
}

function queryPhase(ctx) {
  if (ctx.queryInvalid) throw bad('query string is not valid UTF-8 / percent-encoding');
}

function parsePaging(ctx, defCount) {
  const s = ctx.q.get('startIndex');
  const c = ctx.q.get('count');
  const num = (v, name) => {
    if (!/^[0-9]+$/.test(v)) throw bad(`invalid ${name}`);
    const n = Number(v);
    if (!(n <= MAX_INT)) throw bad(`invalid ${name}`);
    return n;
  };
  const startIndex = s === undefined ? 0 : num(s, 'startIndex');
  const count = c === undefined ? defCount : num(c, 'count');
  if (count < 1 || count > MAX_PAGE) throw bad('count out of range');
  return { startIndex, count };
}

function sendJsonOrAtom(ctx, fmt, json, atomEntries, paging) {
  if (V.has('jsonextra') && Array.isArray(json.entry)) json = Object.assign({}, json, { filtered: false, sorted: true, updatedSince: false });
  if (fmt === 'atom') sendBody(ctx.req, ctx.res, 200, CT_ATOM, atom.feed(V.has('strings') ? atomEntries : atomEntries, paging, V));
  else sendBody(ctx.req, ctx.res, 200, CT_JSON, jsonText(json));
}

// ---------------------------------------------------------------- routing
const GET_ONLY = ['GET', 'HEAD'];
const APPDATA_ALL = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];

function route(segs) {
  // segs: decoded segments after /os/0.8/
  const [res, guid, sel, fourth, ...more] = segs;
  switch (res) {
    case 'people':
      if (segs.length > 4) return null;
      if (sel !== undefined && !['@self', '@friends', '@all'].includes(sel)) return null;
      return { op: 'people', allow: GET_ONLY, guid, sel, pid: fourth };
    case 'appdata':
      if (segs.length > 4) return null;
      if (sel !== undefined && !['@self', '@friends', '@all'].includes(sel)) return null;
      if (sel !== undefined && fourth !== '@app') return { op: 'appdata-noapp', allow: APPDATA_ALL };
      return { op: 'appdata', allow: sel && sel !== '@self' ? GET_ONLY : APPDATA_ALL, guid, sel };
    case 'albums':
      if (segs.length > 3) return null;
      if (sel !== undefined && sel !== '@self') return null;
      return { op: 'albums', allow: GET_ONLY, guid, sel };
    case 'mediaitems':
      if (segs.length > 4) return null;
      if (sel !== undefined && sel !== '@self') return null;
      return { op: 'photos', allow: GET_ONLY, guid, sel, albumId: fourth };
    default:
      return null;
  }
}

// ---------------------------------------------------------------- handlers
const EXTRA_FIELDS = ['profileUrl', 'bloodType', 'addresses', 'birthday', 'gender', 'userHash', 'isGuest', 'isVerified'];

function personJson(u, ctx, withViewerFlags, fieldSet) {
  const o = {
    id: u.id,
    displayName: u.displayName,
    nickname: u.nickname,
    thumbnailUrl: u.thumbnailUrl,
    hasApp: hasApp(u.id, ctx.app.id),
    updated: u.updated,
  };
  if (withViewerFlags) { o.isViewer = u.id === ctx.viewer; o.isOwner = u.id === ctx.viewer; }
  for (const f of EXTRA_FIELDS) {
    if (fieldSet.has(f) && u[f] !== undefined) o[f] = JSON.parse(JSON.stringify(u[f]));
  }
  return o;
}
function fieldList(ctx) {
  const f = ctx.q.get('fields');
  return new Set((f || '').split(',').map((s) => s.trim()).filter(Boolean));
}

function handlePeople(ctx, r) {
  const guid = resolveUser(r.guid, ctx.viewer);
  if (r.sel === '@self') {
    if (r.pid !== undefined) throw bad('a person id is only valid with @friends');
    if (!guid) throw notFound('no such user');
    if (guid !== ctx.viewer && !isFriend(ctx.viewer, guid)) throw forbidden('not allowed to read this profile');
    queryPhase(ctx);
    const fmt = chooseFormat(ctx);
    const p = personJson(users.get(guid), ctx, true, fieldList(ctx));
    return sendJsonOrAtom(ctx, fmt, { entry: p, totalResults: 1, startIndex: 0 },
      [{ id: p.id, authorId: p.id, dataName: 'person', data: p }], { startIndex: 0, totalResults: 1 });
  }
  // @friends / @all
  if (r.pid !== undefined) {
    if (!guid) throw notFound('no such user');
    const pid = resolveUser(r.pid, ctx.viewer);
    if (!pid) throw notFound('no such person');
    if (guid !== ctx.viewer) throw forbidden('friends of other users are not readable');
    if (!isFriend(guid, pid)) throw notFound('not a friend');
    queryPhase(ctx);
    const fmt = chooseFormat(ctx);
    const p = personJson(users.get(pid), ctx, false, fieldList(ctx));
    return sendJsonOrAtom(ctx, fmt, { entry: p, totalResults: 1, startIndex: 0 },
      [{ id: p.id, authorId: p.id, dataName: 'person', data: p }], { startIndex: 0, totalResults: 1 });
  }
  if (!guid) throw notFound('no such user');
  if (guid !== ctx.viewer) throw forbidden('friends of other users are not readable');
  queryPhase(ctx);
  const fmt = chooseFormat(ctx);
  const { startIndex, count } = parsePaging(ctx, 50);
  const filterBy = ctx.q.get('filterBy');
  if (filterBy !== undefined && filterBy !== 'hasApp') throw bad('unsupported filterBy');
  let ids = [...friendsOf.get(guid)].sort(cpCompare);
  if (filterBy === 'hasApp') ids = ids.filter((id) => hasApp(id, ctx.app.id));
  const fs_ = fieldList(ctx);
  const page = ids.slice(startIndex, startIndex + count).map((id) => personJson(users.get(id), ctx, false, fs_));
  return sendJsonOrAtom(ctx, fmt,
    { totalResults: ids.length, itemsPerPage: count, startIndex, entry: page },
    page.map((p) => ({ id: p.id, authorId: p.id, dataName: 'person', data: p })),
    { startIndex, itemsPerPage: count, totalResults: ids.length });
}

function albumVisible(album, viewer) {
  if (album.visibility === 'everyone') return true;
  if (album.ownerId === viewer) return true;
  if (album.visibility === 'friends' && isFriend(viewer, album.ownerId)) return true;
  return false;
}
function albumJson(a) {
  const photos = photosByAlbum.get(a.id) || [];
  const mimes = [];
  for (const p of photos) if (!mimes.includes(p.mimeType)) mimes.push(p.mimeType);
  return {
    ownerId: a.ownerId,
    id: a.id,
    title: a.title,
    caption: a.caption,
    description: a.description,
    mediaItemCount: photos.length,
    mediaMimeType: mimes,
    thumbnailUrl: a.thumbnailUrl,
  };
}
function photoJson(p) {
  if (V.has('extmembers')) return { albumId: p.albumId, id: p.id, mimeType: p.mimeType, type: 'image', title: p.title, description: p.description, url: p.url, thumbnailUrl: p.thumbnailUrl, fileSize: p.fileSize };
  return { albumId: p.albumId, id: p.id, title: p.title, description: p.description, url: p.url, thumbnailUrl: p.thumbnailUrl, fileSize: p.fileSize };
}

function handleAlbums(ctx, r) {
  const guid = resolveUser(r.guid, ctx.viewer);
  if (!guid) throw notFound('no such user');
  queryPhase(ctx);
  const fmt = chooseFormat(ctx);
  const vis = ctx.q.get('visibility');
  if (vis !== undefined && vis !== 'all') throw bad('unsupported visibility');
  const { startIndex, count } = parsePaging(ctx, 20);
  const list = world.albums
    .filter((a) => a.ownerId === guid)
    .filter((a) => (vis === 'all' ? albumVisible(a, ctx.viewer) : a.visibility === 'everyone'))
    .sort((a, b) => cpCompare(a.id, b.id));
  const page = list.slice(startIndex, startIndex + count).map(albumJson);
  return sendJsonOrAtom(ctx, fmt,
    { entry: page, itemsPerPage: count, totalResults: list.length, startIndex },
    page.map((a) => ({ id: a.id, authorId: a.ownerId, dataName: 'album', data: a })),
    { startIndex, itemsPerPage: count, totalResults: list.length });
}

function handlePhotos(ctx, r) {
  const guid = resolveUser(r.guid, ctx.viewer);
  if (!guid) throw notFound('no such user');
  const album = albums.get(r.albumId);
  if (!album || album.ownerId !== guid) throw notFound('no such album');
  if (!albumVisible(album, ctx.viewer)) throw forbidden('album not visible');
  queryPhase(ctx);
  const fmt = chooseFormat(ctx);
  const { startIndex, count } = parsePaging(ctx, 20);
  const list = photosByAlbum.get(album.id) || [];
  const page = list.slice(startIndex, startIndex + count).map(photoJson);
  return sendJsonOrAtom(ctx, fmt,
    { startIndex, totalResults: list.length, itemsPerPage: count, entry: page },
    page.map((p) => ({ id: p.id, authorId: album.ownerId, dataName: 'mediaItem', data: p })),
    { startIndex, itemsPerPage: count, totalResults: list.length });
}

const KEY_RE = /^[A-Za-z0-9_.\-]{1,128}$/;
function validValue(v) {
  let n = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    n++;
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = v.charCodeAt(i + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) return false;
      i++; continue;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return false;
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return false;
    if (c === 0xfffe || c === 0xffff) return false;
  }
  return n <= 65536;
}
function keysFromFields(ctx) {
  const f = ctx.q.get('fields');
  if (f === undefined || f === '') return null;
  const keys = f.split(',').filter((s) => s !== '');
  if (keys.length >= 100) throw bad('too many keys');
  for (const k of keys) if (!KEY_RE.test(k)) throw bad('invalid key in fields');
  return keys.length ? keys : null;
}

function handleAppdataRead(ctx, r) {
  const guid = resolveUser(r.guid, ctx.viewer);
  if (!guid) throw notFound('no such user');
  if (r.sel === '@self') {
    if (guid !== ctx.viewer && !isFriend(ctx.viewer, guid)) throw forbidden('no permission to read');
  } else if (guid !== ctx.viewer) throw forbidden('no permission to read friends data');
  queryPhase(ctx);
  const fmt = chooseFormat(ctx);
  const keys = keysFromFields(ctx);
  const uids = r.sel === '@self' ? [guid] : [...friendsOf.get(guid)].sort(cpCompare);
  if (V.has('idorder')) uids.reverse();
  const entry = new Map();
  for (const uid of uids) {
    const rec = record(ctx.app.id, uid, false);
    if (!rec) continue;
    const out = new Map();
    for (const [k, v] of rec) if (!keys || keys.includes(k)) out.set(k, v);
    if (out.size) entry.set(uid, out);
  }
  const ids = [...entry.keys()];
  return sendJsonOrAtom(ctx, fmt,
    V.has('ippappdata') ? { totalResults: ids.length, entry, id: ids, startIndex: 0, itemsPerPage: ids.length } : { totalResults: ids.length, entry, id: ids, startIndex: 0 },
    ids.map((uid) => ({ id: uid, authorId: uid, dataName: 'appdata', data: entry.get(uid) })),
    { startIndex: 0, totalResults: ids.length });
}

function parseWriteBody(ctx) {
  const ct = String(ctx.req.headers['content-type'] || '').split(';')[0].trim().toLowerCase();
  const body = ctx.body;
  let text;
  try { text = strictUtf8(body); } catch { throw bad('body is not valid UTF-8'); }
  let pairs;
  const fromJson = (t) => {
    let v;
    try { v = parseOrdered(t); } catch { throw bad('malformed JSON body'); }
    if (!(v instanceof OrderedObj)) throw bad('body must be a JSON object');
    for (const [, x] of v.entries) if (typeof x !== 'string') throw bad('values must be strings');
    return v.entries;
  };
  if (ct === 'application/json') pairs = fromJson(text);
  else if (ct === 'application/x-www-form-urlencoded') {
    if (ctx.bodyLooksJson) pairs = fromJson(text);
    else {
      let raw;
      try { raw = parseForm(body.toString('latin1')); } catch { throw bad('malformed form body'); }
      pairs = raw.map((p) => {
        try { return [strictUtf8(p.n), strictUtf8(p.v)]; } catch { throw bad('form body is not valid UTF-8'); }
      });
    }
  } else throw bad('unsupported content type');
  if (pairs.length === 0) throw bad('no key/value pairs');
  if (pairs.length >= 100) throw bad('too many key/value pairs');
  for (const [k, v] of pairs) {
    if (!KEY_RE.test(k)) throw bad('invalid key');
    if (!validValue(v)) throw bad('invalid value');
  }
  return pairs;
}

function handleAppdataWrite(ctx, r) {
  const guid = resolveUser(r.guid, ctx.viewer);
  if (guid !== ctx.viewer) throw forbidden('only the viewer\'s own data can be changed');
  queryPhase(ctx);
  chooseFormat(ctx);
  if (ctx.method === 'DELETE') {
    const keys = keysFromFields(ctx);
    const rec = record(ctx.app.id, guid, false);
    if (rec) {
      if (!keys) rec.clear();
      else for (const k of keys) rec.delete(k);
      if (rec.size === 0) store.get(ctx.app.id).delete(guid);
    }
    return sendEmpty(ctx.req, ctx.res, 200);
  }
  const pairs = parseWriteBody(ctx);
  const cur = record(ctx.app.id, guid, false) || new Map();
  const next = new Map(cur);
  for (const [k, v] of pairs) next.set(k, v);
  let bytes = 0;
  for (const [k, v] of next) bytes += Buffer.byteLength(k) + Buffer.byteLength(v);
  if (next.size > 10000 || bytes > 4 * 1024 * 1024) throw bad('record limit exceeded');
  store.get(ctx.app.id) || store.set(ctx.app.id, new Map());
  store.get(ctx.app.id).set(guid, next);
  return sendEmpty(ctx.req, ctx.res, 200);
}

// ---------------------------------------------------------------- request pipeline
function process_(req, res, body) {
  const target = req.url || '/';
  let rawPathQ = target;
  const abs = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*/.exec(target);
  if (abs) rawPathQ = target.slice(abs[0].length) || '/';
  const qi = rawPathQ.indexOf('?');
  const rawPath = qi < 0 ? rawPathQ : rawPathQ.slice(0, qi);
  const rawQuery = qi < 0 ? '' : rawPathQ.slice(qi + 1);

  const ctLabel = String(req.headers['content-type'] || '').split(';')[0].trim().toLowerCase();
  const hasBody = body.length > 0;
  let bodyLooksJson = false;
  if (hasBody) {
    try {
      const t = strictUtf8(body);
      if (t.trim().startsWith('{')) { const v = parseOrdered(t); bodyLooksJson = v instanceof OrderedObj; }
    } catch { bodyLooksJson = false; }
  }
  const bodyKind = !hasBody ? null : ctLabel === 'application/x-www-form-urlencoded' ? 'form' : ctLabel === 'application/json' ? 'json' : 'other';

  // 1. authentication
  let host = String(req.headers['host'] || `127.0.0.1:${PORT}`).toLowerCase();
  if (host.endsWith(':80')) host = host.slice(0, -3);
  const origin = PUBLIC_URL ? PUBLIC_URL.replace(/\/+$/, '') : 'http://' + host;
  let auth;
  try {
    auth = verify({ method: req.method, baseUri: origin + rawPath, rawQuery, headers: req.headers, body, bodyKind, bodyLooksJson });
  } catch (e) {
    if (e instanceof AuthError) throw bad('authentication failed');
    throw e;
  }
  if (!auth.requestorId) throw bad('authentication failed: no requestor');
  const viewer = resolveUser(auth.requestorId, null);
  if (!viewer || auth.requestorId === '@me') throw bad('authentication failed: unknown requestor');
  const app = appsByKey.get(auth.consumerKey);

  // 2. path and method
  const PREFIX = '/os/0.8/';
  let path = rawPath;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (!(path + '/').startsWith(PREFIX)) throw notFound('unknown path');
  const rest = path.slice(PREFIX.length);
  if (rest === '' ) throw notFound('unknown path');
  let segs;
  try { segs = rest.split('/').map((s) => decodeURIComponent(s)); } catch { throw notFound('unknown path'); }
  if (segs.some((s) => s === '')) throw notFound('unknown path');
  const r = route(segs);
  if (!r) throw notFound('unknown path');
  if (!r.allow.includes(req.method)) throw new HttpError(405, 'method not allowed', { Allow: V.has('http') ? [...r.allow].reverse().join(',') : r.allow.join(', ') });

  // 3. viewer must have the application
  if (!hasApp(viewer, app.id)) throw forbidden('viewer has not installed the application');

  // 4. missing guid/selector
  if (r.op === 'appdata-noapp') throw notFound('unknown path');
  if (r.guid === undefined) throw bad('target id not given');
  if (r.sel === undefined) throw forbidden('selector not given');
  if (r.op === 'photos' && r.albumId === undefined) throw bad('album id not given');

  const { q, invalid } = parseQuery(rawQuery);
  const ctx = { req, res, method: req.method === 'HEAD' ? 'GET' : req.method, q, queryInvalid: invalid, viewer, app, body, bodyLooksJson };
  switch (r.op) {
    case 'people': return handlePeople(ctx, r);
    case 'albums': return handleAlbums(ctx, r);
    case 'photos': return handlePhotos(ctx, r);
    case 'appdata':
      if (ctx.method === 'GET') return handleAppdataRead(ctx, r);
      return handleAppdataWrite(ctx, r);
  }
  throw notFound('unknown path');
}

const server = http.createServer((req, res) => {
  const cl = req.headers['content-length'];
  let responded = false;
  const fail413 = () => {
    if (responded) return;
    responded = true;
    sendError(req, res, 413, 'request body too large');
  };
  if (cl !== undefined && Number(cl) > MAX_BODY) {
    fail413();
    let discarded = 0;
    req.on('data', (d) => { discarded += d.length; if (discarded > DISCARD_MAX + MAX_BODY) req.socket.destroy(); });
    return;
  }
  const chunks = [];
  let size = 0;
  req.on('data', (d) => {
    size += d.length;
    if (size > MAX_BODY) {
      fail413();
      chunks.length = 0;
      if (size > MAX_BODY + DISCARD_MAX) req.socket.destroy();
      return;
    }
    chunks.push(d);
  });
  req.on('error', () => {});
  req.on('end', () => {
    if (responded) return;
    responded = true;
    try {
      process_(req, res, Buffer.concat(chunks));
    } catch (e) {
      if (e instanceof HttpError) sendError(req, res, e.status, e.message, e.headers);
      else { console.error(e); sendError(req, res, 500, 'internal error'); }
    }
  });
});
// node:http closes a connection idle for keepAliveTimeout in its timers phase, before it reads
// what has come in meanwhile: on a loaded test machine a stall of the event loop past the
// default 5 s turned into a reset of a request (or the rest of a body) already waiting. 30 s
// keeps that race out of the suite's verdicts on this server.
server.keepAliveTimeout = 30_000;
server.listen(PORT, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
