/**
 * `GET /` (and HEAD): a short, unauthenticated index of the API and of the loaded world, so that
 * a newcomer's first request from a browser or curl gets directions instead of "authentication
 * failed". Only the exact path `/`; everything under `/os/0.8/` still requires two-legged OAuth
 * (social-api.md §5, P-AUTH-1). Consumer keys are shown (they travel in clear in every request);
 * consumer secrets never are. It points to documents a user has: the OpenAPI document this
 * server serves, and the README that ships in the package.
 */
import { API_PREFIX, OPERATIONS, pathPattern } from "../model/operations.js";
import { rangeQuality } from "../wire/accept.js";
import { HTML_MEDIA_TYPE, JSON_MEDIA_TYPE } from "../wire/media-type.js";
import { OPENAPI_PATH } from "./openapi-document.js";
import type { ServerResponse } from "./types.js";
import type { World } from "./world/types.js";

/** The operations of §4, one line each, as their sections write them. */
const OPERATION_LINES = OPERATIONS.map((o) => ({
  method: o.methods[0],
  path: pathPattern(o),
  section: o.section,
  summary: o.summary,
}));

/** The index as data (the JSON answer; the HTML one shows the same). */
export function indexDocument(world: World): Record<string, unknown> {
  return {
    name: "opensocial-kit reference server",
    api: API_PREFIX,
    operations: OPERATION_LINES,
    authentication:
      "Every /os/0.8/ request is signed with two-legged OAuth 1.0a, HMAC-SHA1 (P-AUTH-1); the viewer is xoauth_requestor_id. Without a signer: `opensocial-kit request GET /os/0.8/people/@me/@self` (opensocial-kit request --help).",
    formats: "JSON by default; ?format=atom for Atom (P-FMT-1)",
    openapi: OPENAPI_PATH,
    world: {
      namespace: world.namespace,
      apps: world.file.apps.map((a) => ({ id: a.id, consumerKey: a.consumerKey })),
      people: world.file.people.map((p) => ({
        id: p.id,
        displayName: p.displayName,
        apps: p.apps,
      })),
    },
    docs: `README.md of the opensocial-kit package; the OpenAPI document at ${OPENAPI_PATH} (also schemas/openapi.json in the package)`,
  };
}

/** True when `accept` prefers HTML to JSON (a browser); curl's `*\/*` gets JSON. */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  return rangeQuality(accept, HTML_MEDIA_TYPE) > rangeQuality(accept, JSON_MEDIA_TYPE);
}

/** HTML-escapes text for element content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );
}

/** The index page's own small stylesheet (inline: the page loads nothing else). */
const INDEX_STYLE =
  "body{font:15px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif;max-width:960px;margin:0 auto;padding:16px 24px;color:#1b1f24}h1{font-size:24px}h2{font-size:18px;margin-top:28px;border-bottom:1px solid #d0d7de;padding-bottom:4px}table{border-collapse:collapse;width:100%}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f6f8fa}code{font:13px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#f6f8fa;padding:1px 4px;border-radius:3px}a{color:#0969da}";

function indexHtml(world: World): string {
  const e = escapeHtml;
  const ops = OPERATION_LINES.map(
    (o) =>
      `<tr><td>${e(o.method)}</td><td><code>${e(o.path)}</code></td><td>${e(o.section)} ${e(o.summary)}</td></tr>`,
  ).join("");
  const apps = world.file.apps
    .map((a) => `<li>${e(a.id)}: consumer key <code>${e(a.consumerKey)}</code></li>`)
    .join("");
  const people = world.file.people
    .map(
      (p) =>
        `<li><code>${e(p.id)}</code> ${e(p.displayName)} (apps: ${e(p.apps.join(", ") || "none")})</li>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>opensocial-kit reference server</title><style>${INDEX_STYLE}</style></head><body>
<h1>opensocial-kit reference server</h1>
<p>The API lives under <code>/os/0.8/</code>. Every request there is signed with two-legged OAuth 1.0a (HMAC-SHA1, P-AUTH-1); the viewer is <code>xoauth_requestor_id</code>. A browser cannot sign: try <code>npx opensocial-kit request GET /os/0.8/people/@me/@self</code> (see <code>npx opensocial-kit request --help</code>).</p>
<h2>Operations (social-api.md §4)</h2><table><thead><tr><th>method</th><th>path</th><th>section</th></tr></thead><tbody>${ops}</tbody></table>
<p>JSON by default; <code>?format=atom</code> for Atom (P-FMT-1). The whole API as OpenAPI 3.1: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>. More in the package's <code>README.md</code>.</p>
<h2>World: ${e(world.namespace)}</h2><h3>Apps</h3><ul>${apps}</ul><h3>People</h3><ul>${people}</ul>
</body></html>\n`;
}

/** The answer to `GET /`: JSON, or HTML when `Accept` prefers it. */
export function indexResponse(world: World, accept: string | undefined): ServerResponse {
  const html = prefersHtml(accept);
  const body = Buffer.from(
    html ? indexHtml(world) : `${JSON.stringify(indexDocument(world), null, 2)}\n`,
    "utf8",
  );
  return {
    status: 200,
    headers: {
      "content-type": html ? "text/html; charset=utf-8" : "application/json; charset=utf-8",
      "content-length": String(body.length),
      vary: "Accept",
    },
    body,
  };
}
