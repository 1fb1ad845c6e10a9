// Atom writer (own string builder). Prefixes: a = Atom, os = OpenSearch 1.1, osd = OpenSocial 2008 data.
export const NS_ATOM = 'http://www.w3.org/2005/Atom';
export const NS_OSEARCH = 'http://a9.com/-/spec/opensearch/1.1';
export const NS_OSOC = 'http://ns.opensocial.org/2008/opensocial';

export function xmlText(s) {
  return String(s)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}
export function xmlAttr(s) { return xmlText(s).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;'); }

// SQL/XML name escaping (profile P-FMT-4)
export function escapeName(key) {
  let out = '';
  for (let i = 0; i < key.length; i++) {
    const c = key[i];
    if (c === '_' && /^_x[0-9A-Fa-f]{4}_/.test(key.slice(i))) { out += '_x005F_'; continue; }
    const bad = i === 0 ? !/[A-Za-z_]/.test(c) : !/[A-Za-z0-9_.\-]/.test(c);
    if (bad) out += '_x' + c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0') + '_';
    else out += c;
  }
  return out;
}

let CDATA = false;
function el(name, text) {
  if (text === '' || text === undefined || text === null) return `<${name}/>`;
  if (CDATA && /[<&\u0080-\uffff]/.test(String(text)) && !/[\r]|\]\]>/.test(String(text))) return `<${name}><![CDATA[${text}]]></${name}>`;
  if (CDATA) return `<${name}>${xmlText(text).replace(/[\u0080-\uffff]/g, (c) => '&#x' + c.charCodeAt(0).toString(16).toUpperCase() + ';')}</${name}>`;
  return `<${name}>${xmlText(text)}</${name}>`;
}

function dataChildren(value, tag) {
  // value: JSON-like value rendered as OpenSocial data element children
  if (Array.isArray(value)) return value.map((v) => dataChildren(v, tag)).join('');
  if (value !== null && typeof value === 'object') {
    const inner = Object.keys(value).map((k) => dataChildren(value[k], 'osd:' + escapeName(k))).join('');
    return inner ? `<${tag}>${inner}</${tag}>` : `<${tag}/>`;
  }
  return el(tag, typeof value === 'boolean' || typeof value === 'number' ? String(value) : value);
}

/**
 * entries: [{ id, authorId, dataName, data (plain object or Map) }]
 * paging: { startIndex, totalResults, itemsPerPage? }
 */
export function feed(entries, paging, V = new Set()) {
  const X = V.has('xml'); CDATA = X;
  const parts = [];
  if (!X) parts.push('<?xml version="1.0" encoding="UTF-8"?>\n');
  parts.push(X ? `<a:feed xmlns:a='${NS_ATOM}'\n  xmlns:os='${NS_OSEARCH}'>\n` : `<a:feed xmlns:a="${NS_ATOM}" xmlns:os="${NS_OSEARCH}" xmlns:osd="${NS_OSOC}">`);
  if (V.has('osslash')) parts[parts.length - 1] = parts[parts.length - 1].replace(NS_OSEARCH, NS_OSEARCH + '/');
  if (V.has('atomextra')) parts.push('<a:generator uri="urn:indep-js" version="0.1">indep-js</a:generator><a:link rel="self" href="urn:self"/>');
  parts.push(el('os:startIndex', String(paging.startIndex)));
  if (paging.itemsPerPage !== undefined) parts.push(el('os:itemsPerPage', String(paging.itemsPerPage)));
  parts.push(el('os:totalResults', String(paging.totalResults)));
  for (const e of entries) {
    parts.push('<a:entry>');
    parts.push(X ? `\n  <a:entry>\n    <a:content type='application/xml' xmlns:osd='${NS_OSOC}'>\n      ` : '<a:content type="application/xml">');
    if (X) parts.splice(parts.length - 2, 1);
    const data = e.data instanceof Map ? Object.fromEntries([...e.data].map(([k, v]) => [k, v])) : e.data;
    if (e.data instanceof Map) {
      // keep Map order explicitly (integer-like keys would be reordered by a plain object)
      const kp = V.has('keysnons') ? '' : 'osd:';
      const dn = V.has('appDataCase') ? 'appData' : e.dataName;
      const inner = [...e.data].map(([k, v]) => el(kp + escapeName(k), v)).join('');
      parts.push(inner ? `<osd:${dn}>${inner}</osd:${dn}>` : `<osd:${dn}/>`);
    } else {
      parts.push(dataChildren(data, 'osd:' + e.dataName));
    }
    parts.push(X ? '\n    </a:content>\n    ' : '</a:content>');
    parts.push('<a:title/>');
    parts.push('<a:updated/>');
    parts.push(V.has('atomuri') ? `<a:author>${el('a:uri', 'urn:guid:' + e.authorId)}</a:author>` : V.has('osdurl') ? `<a:author xmlns:osd='${NS_OSOC}'>\n      <osd:url>urn:guid:${xmlText(e.authorId)}</osd:url>\n    </a:author>` : `<a:author>${el('a:url', 'urn:guid:' + e.authorId)}</a:author>`);
    parts.push(el('a:id', 'urn:guid:' + e.id));
    parts.push(X ? '\n  </a:entry>' : '</a:entry>');
  }
  parts.push('</a:feed>\n');
  return parts.join('');
}
