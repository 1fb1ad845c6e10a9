/**
 * The server state a case's requests touch, so that the scheduler keeps an `exclusive` case apart
 * from the cases that touch what it changes, and lets it run beside the others.
 *
 * A request touches the collection its path names: the first segment after `/os/0.8/`
 * (`people`, `albums`, `mediaitems`, …), in lower case; the state a collection holds is read
 * through that collection's paths alone (social-api.md §4). Application data is finer: §4.3's
 * `/appdata/{guid}/{selector}/{appId}` with selector `@self` touches the data of the one user
 * named, `@friends` (or any other selector) that of users the case cannot list (the target's
 * friendships are its own), so all of them. The user is named by a role's placeholder
 * (`{friend}`, `{viewer.bare}`) or by `@me` (the requestor, P-AUTH-4: the step's `as`, the
 * viewer by default); anything else (another placeholder, `@me` with no requestor) counts as
 * every user. Both applications' data of one user count as one: a server that mixed them up
 * fails `appdata-delete/app-isolation`, and must not make other cases fail by chance.
 *
 * A path that does not name its collection plainly (another prefix, a placeholder there, a
 * percent-escape, a backslash or a control character anywhere, which a WHATWG URL parser reads
 * as a slash or drops, a dot segment anywhere) could reach anything: it counts as
 * {@link ANY_STATE}. `@me` with a requestor id of the request's own (in its query, raw query or
 * protocol parameters) counts as every user's.
 */
import type { StepSpec } from "../case-types.js";
import { ROLES } from "../case-types.js";
import type { CaseSpec } from "../suite/expand-steps.js";

/** What a path that names nothing plainly touches: every state. */
export const ANY_STATE = "*";

/** In `appdata/<user>`: every user's data. */
export const ANY_USER = "*";

const PLAIN = /^\/os\/0\.8\/([A-Za-z0-9_-]+)(?:[/?#]|$)/;
const DOT_SEGMENT = /(^|\/)\.\.?(\/|$|[?#])/;
/** A percent-escape, a backslash or a control character: a URL parser may read another path. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const UNPLAIN = /[%\\\u0000-\u001f\u007f]/;
const ROLE_PLACEHOLDER = new RegExp(`^\\{(${ROLES.join("|")})(?:\\.bare)?\\}$`);

/** The parts of a request that say whose data it touches. */
type TouchingRequest = Pick<StepSpec["request"], "path" | "as" | "query" | "rawQuery" | "auth">;

/** Whether the request names a requestor of its own, besides its `as` (P-AUTH-4). */
function namesRequestor(r: TouchingRequest): boolean {
  return [r.query, r.rawQuery, r.auth?.unsignedQuery, r.auth?.protocol].some(
    (part) => part !== undefined && JSON.stringify(part).includes("xoauth_requestor_id"),
  );
}

/** Whose application data a step's request names: a role, or {@link ANY_USER}. */
function appDataUser(r: TouchingRequest): string {
  const [user, selector] = r.path.split(/[?#]/, 1)[0]?.split("/").slice(4) ?? [];
  if (selector !== "@self") return ANY_USER;
  if (user === "@me") {
    if (namesRequestor(r) || r.as === "none" || r.as === "unknown") return ANY_USER;
    return r.as ?? "viewer";
  }
  return ROLE_PLACEHOLDER.exec(user ?? "")?.[1] ?? ANY_USER;
}

/**
 * The state one step's request touches: a collection (`people`), one user's application data
 * (`appdata/friend`), every user's (`appdata/*`), or {@link ANY_STATE}.
 */
export function stateOf(request: TouchingRequest): string {
  const { path } = request;
  const m = PLAIN.exec(path);
  if (!m?.[1] || UNPLAIN.test(path) || DOT_SEGMENT.test(path)) return ANY_STATE;
  const collection = m[1].toLowerCase();
  return collection === "appdata" ? `appdata/${appDataUser(request)}` : collection;
}

/** Every state the steps of `c` touch. */
export function statesOf(c: Pick<CaseSpec, "steps">): ReadonlySet<string> {
  return new Set(c.steps.map((s) => stateOf(s.request)));
}

/** Whether two states overlap: equal, either {@link ANY_STATE}, or one collection's, either for every user. */
function overlap(a: string, b: string): boolean {
  if (a === b || a === ANY_STATE || b === ANY_STATE) return true;
  const [ca, ua] = a.split("/");
  const [cb, ub] = b.split("/");
  return ca === cb && (ua === ANY_USER || ub === ANY_USER);
}

/** Whether two cases' states meet (a case touching nothing meets nothing). */
export function statesMeet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const x of a) for (const y of b) if (overlap(x, y)) return true;
  return false;
}
