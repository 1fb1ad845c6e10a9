/**
 * The path table of social-api.md §4 with the routing decisions of P-ERR-2: unknown path → 404,
 * known path with another method → 405 with `Allow`, one trailing slash ignored, an empty
 * segment → 404; HEAD matches wherever GET does (the pipeline drops the body). Paths that stop before their guid, selector or album id match with a deferred
 * fault (400/403), answered after authentication and the app check (P-ERR-5).
 */
import { type Fault, fault } from "./fault.js";

/** A group selector (P-PEOPLE-5: `@all` means `@friends`). */
type Selector = "@self" | "@friends";

/** An operation of §4 and its path parameters. */
export type Route =
  | { op: "people"; guid: string; selector: Selector; pid?: string }
  | { op: "albums"; guid: string }
  | { op: "photos"; guid: string; albumId: string }
  | { op: "appdata-read"; guid: string; selector: Selector }
  | { op: "appdata-write"; guid: string }
  | { op: "appdata-delete"; guid: string };

/** A matched path: the route, or a fault deferred until after the app check. */
type Match = { route: Route } | { deferred: Fault };

/** The API's path prefix (§9). */
const PREFIX = "/os/0.8/";

// P-ERR-2: HEAD is answered wherever GET is (RFC 9110 §9.3.2), so `Allow` lists it beside GET.
const GET = ["GET", "HEAD"] as const;
const WRITE_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE"] as const;

function selectorOf(segment: string | undefined): Selector | undefined {
  if (segment === "@self") return "@self";
  if (segment === "@friends" || segment === "@all") return "@friends";
  return undefined;
}

/** Splits the path after the prefix into decoded segments, or undefined (→ 404). */
export function splitPath(pathname: string): string[] | undefined {
  if (!pathname.startsWith(PREFIX)) return undefined;
  let rest = pathname.slice(PREFIX.length);
  if (rest.endsWith("/")) rest = rest.slice(0, -1);
  if (rest === "") return undefined;
  const out: string[] = [];
  for (const raw of rest.split("/")) {
    if (raw === "") return undefined;
    if (!raw.includes("%")) {
      out.push(raw);
      continue;
    }
    try {
      out.push(decodeURIComponent(raw));
    } catch {
      return undefined;
    }
  }
  return out;
}

const missingGuid = (): Match => ({
  deferred: fault(400, "target-missing", "target id not given"),
});
const missingSelector = (): Match => ({
  deferred: fault(403, "selector-missing", "selector not given"),
});

type Matcher = (args: string[], method: string) => Match | Fault;

function allow(
  methods: readonly string[],
  method: string,
  then: () => Match | Fault,
): Match | Fault {
  return methods.includes(method)
    ? then()
    : fault(405, "method-not-allowed", "method not allowed", methods);
}

/** `people/{guid}/{selector}/{pid}` (§4.6). */
const people: Matcher = (args, method) => {
  const [guid, sel, pid] = args;
  if (args.length > 3) return fault(404, "not-found", "not found");
  const selector = selectorOf(sel);
  if (sel !== undefined && !selector) return fault(404, "not-found", "not found");
  return allow(GET, method, () => {
    if (guid === undefined) return missingGuid();
    if (!selector) return missingSelector();
    if (pid !== undefined && selector === "@self")
      return {
        deferred: fault(
          400,
          "invalid-path",
          "a person id is valid only with @friends (P-PEOPLE-1)",
        ),
      };
    return {
      route:
        pid === undefined
          ? { op: "people", guid, selector }
          : { op: "people", guid, selector, pid },
    };
  });
};

/** `albums/{guid}/@self` (§4.1). */
const albums: Matcher = (args, method) => {
  const [guid, sel] = args;
  if (args.length > 2 || (sel !== undefined && sel !== "@self"))
    return fault(404, "not-found", "not found");
  return allow(GET, method, () => {
    if (guid === undefined) return missingGuid();
    if (sel === undefined) return missingSelector();
    return { route: { op: "albums", guid } };
  });
};

/** `mediaitems/{guid}/@self/{albumId}` (§4.2). */
const mediaitems: Matcher = (args, method) => {
  const [guid, sel, albumId] = args;
  if (args.length > 3 || (sel !== undefined && sel !== "@self"))
    return fault(404, "not-found", "not found");
  return allow(GET, method, () => {
    if (guid === undefined) return missingGuid();
    if (sel === undefined) return missingSelector();
    if (albumId === undefined)
      return { deferred: fault(400, "target-missing", "album id not given") };
    return { route: { op: "photos", guid, albumId } };
  });
};

/** `appdata/{guid}/{selector}/@app` (§4.3–4.5); PUT is POST (P-DATA-2). */
const appdata: Matcher = (args, method) => {
  const [guid, sel, app] = args;
  if (args.length > 3 || args.length === 2 || (app !== undefined && app !== "@app"))
    return fault(404, "not-found", "not found");
  const selector = selectorOf(sel);
  if (sel !== undefined && !selector) return fault(404, "not-found", "not found");
  const methods = selector === "@friends" ? GET : WRITE_METHODS;
  return allow(methods, method, () => {
    if (guid === undefined) return missingGuid();
    if (!selector) return missingSelector();
    if (method === "GET" || method === "HEAD")
      return { route: { op: "appdata-read", guid, selector } };
    if (method === "DELETE") return { route: { op: "appdata-delete", guid } };
    return { route: { op: "appdata-write", guid } };
  });
};

const RESOURCES: Readonly<Record<string, Matcher>> = { people, albums, mediaitems, appdata };

/** Matches `method` and `pathname` (as sent, not yet decoded) against the path table. */
export function matchRoute(method: string, pathname: string): Match | Fault {
  const segments = splitPath(pathname);
  const [resource, ...args] = segments ?? [];
  const matcher =
    resource !== undefined && Object.hasOwn(RESOURCES, resource) ? RESOURCES[resource] : undefined;
  if (!matcher) return fault(404, "not-found", "not found");
  return matcher(args, method);
}
