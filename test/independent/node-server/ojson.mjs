// Strict RFC 8259 JSON parser that keeps object member order (objects -> OrderedObj),
// and a serializer that accepts Map / plain objects / arrays.
export class OrderedObj { constructor() { this.entries = []; } }

export class JsonSyntaxError extends Error {}

export function parseOrdered(text) {
  let i = 0;
  const n = text.length;
  const fail = (m) => { throw new JsonSyntaxError(m + ' at ' + i); };
  const ws = () => { while (i < n) { const c = text.charCodeAt(i); if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++; else break; } };
  function value() {
    ws();
    if (i >= n) fail('unexpected end');
    const c = text[i];
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"') return string();
    if (c === 't') return lit('true', true);
    if (c === 'f') return lit('false', false);
    if (c === 'n') return lit('null', null);
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    fail('unexpected character');
  }
  function lit(word, v) { if (text.startsWith(word, i)) { i += word.length; return v; } fail('bad literal'); }
  function number() {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 400));
    if (!m) fail('bad number');
    i += m[0].length;
    return Number(m[0]);
  }
  function string() {
    i++; let out = '';
    while (true) {
      // a run of characters that need no escape is copied at once (a 1 MB value in one slice)
      const start = i;
      while (i < n) { const r = text.charCodeAt(i); if (r === 0x22 || r === 0x5c || r < 0x20) break; i++; }
      if (i > start) out += text.slice(start, i);
      if (i >= n) fail('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) { i++; return out; }
      if (c < 0x20) fail('control character in string');
      if (c === 0x5c) {
        const e = text[i + 1];
        i += 2;
        switch (e) {
          case '"': out += '"'; break; case '\\': out += '\\'; break; case '/': out += '/'; break;
          case 'b': out += '\b'; break; case 'f': out += '\f'; break; case 'n': out += '\n'; break;
          case 'r': out += '\r'; break; case 't': out += '\t'; break;
          case 'u': {
            const h = text.slice(i, i + 4);
            if (!/^[0-9a-fA-F]{4}$/.test(h)) fail('bad unicode escape');
            out += String.fromCharCode(parseInt(h, 16)); i += 4; break;
          }
          default: fail('bad escape');
        }
        continue;
      }
    }
  }
  function array() {
    i++; const arr = []; ws();
    if (text[i] === ']') { i++; return arr; }
    while (true) {
      arr.push(value()); ws();
      if (text[i] === ',') { i++; continue; }
      if (text[i] === ']') { i++; return arr; }
      fail('expected , or ]');
    }
  }
  function object() {
    i++; const o = new OrderedObj(); ws();
    if (text[i] === '}') { i++; return o; }
    while (true) {
      ws(); if (text[i] !== '"') fail('expected member name');
      const k = string(); ws();
      if (text[i] !== ':') fail('expected :'); i++;
      const v = value();
      o.entries.push([k, v]); ws();
      if (text[i] === ',') { i++; continue; }
      if (text[i] === '}') { i++; return o; }
      fail('expected , or }');
    }
  }
  const v = value(); ws();
  if (i !== n) fail('trailing data');
  return v;
}

function str(s) {
  let out = '"';
  let from = 0; // the start of the run of characters written as they are
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    let escaped;
    if (c === 0x22) escaped = '\\"';
    else if (c === 0x5c) escaped = '\\\\';
    else if (c < 0x20 || c === 0x2028 || c === 0x2029) escaped = '\\u' + c.toString(16).padStart(4, '0');
    else continue;
    out += s.slice(from, k) + escaped;
    from = k + 1;
  }
  return out + s.slice(from) + '"';
}

export function stringify(v) {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return str(v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v)) return '[' + v.map(stringify).join(',') + ']';
  if (v instanceof Map) return '{' + [...v].map(([k, x]) => str(k) + ':' + stringify(x)).join(',') + '}';
  return '{' + Object.keys(v).filter((k) => v[k] !== undefined).map((k) => str(k) + ':' + stringify(v[k])).join(',') + '}';
}
