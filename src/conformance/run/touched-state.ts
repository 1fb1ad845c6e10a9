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
 * A path that does not name its collection plainly (another prefix, a placeholder or a
 * percent-escape there, a dot segment anywhere) could reach anything: it counts as
 * {@link ANY_STATE}.
 */
import type { StepSpec } from "../case-types.js";
import { ROLES } from "../case-types.js";
import type { CaseSpec } from "../suite/expand-steps.js";

/** What a path that names nothing plainly touches: every state. */
export const ANY_STATE = "*";

/** In `appdata/<user>`: every user's data. */
const ANY_USER = "*";

const PLAIN = /^\/os\/0\.8\/([A-Za-z0-9_-]+)(?:[/?#]|$)/;
const DOT_SEGMENT = /(^|\/)\.\.?(\/|$|[?#])/;
const ROLE_PLACEHOLDER = new RegExp(`^\\{(${ROLES.join("|")})(?:\\.bare)?\\}$`);

/** Whose application data a step's path names: a role, or {@link ANY_USER}. */
function appDataUser(path: string, as: StepSpec["request"]["as"]): string {
  const [user, selector] = path.split(/[?#]/, 1)[0]?.split("/").slice(4) ?? [];
  if (selector !== "@self") return ANY_USER;
  if (user === "@me")
    return as === undefined ? "viewer" : as === "none" || as === "unknown" ? ANY_USER : as;
  return ROLE_PLACEHOLDER.exec(user ?? "")?.[1] ?? ANY_USER;
}

/**
 * The state one step's request touches: a collection (`people`), one user's application data
 * (`appdata/friend`), every user's (`appdata/*`), or {@link ANY_STATE}.
 */
export function stateOf(request: Pick<StepSpec["request"], "path" | "as">): string {
  const { path } = request;
  const m = PLAIN.exec(path);
  if (!m?.[1] || path.includes("%") || DOT_SEGMENT.test(path)) return ANY_STATE;
  const collection = m[1].toLowerCase();
  return collection === "appdata" ? `appdata/${appDataUser(path, request.as)}` : collection;
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
