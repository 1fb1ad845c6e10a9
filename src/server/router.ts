/**
 * Routing by the operation table of model/operations.ts, with the decisions of P-ERR-2: unknown
 * path → 404, a selector that is not the operation's → 404, known path with another method →
 * 405 with `Allow` (every method the path answers, HEAD wherever GET: the pipeline drops HEAD's
 * body), one trailing slash ignored, an empty segment → 404. Paths that stop before their guid,
 * selector or album id match with a deferred fault (400/403), answered after authentication and
 * the app check (P-ERR-5).
 */
import {
  API_PREFIX,
  answeredMethods,
  OPERATIONS,
  type OperationId,
  type OperationOf,
  type PathParam,
  type Selector,
} from "../model/operations.js";
import { type Fault, fault } from "./fault.js";

/** The parameter of `K` that may be left out, if any. */
type OptionalParam<K extends OperationId> = K extends OperationId
  ? OperationOf<K> extends { optional: { name: infer N extends string } }
    ? N
    : never
  : never;

/** The path parameters of operation `K` as matched (the selector read as P-PEOPLE-5 says). */
export type RouteOf<K extends OperationId> = { readonly op: K } & {
  readonly [N in Exclude<PathParam<K>, "selector" | OptionalParam<K>>]: string;
} & ("selector" extends PathParam<K> ? { readonly selector: Selector } : unknown) & {
    readonly [N in OptionalParam<K>]?: string;
  };

/** An operation of §4 and its path parameters. */
export type Route = { [K in OperationId]: RouteOf<K> }[OperationId];

/** A matched path: the route, or a fault deferred until after the app check. */
type Match = { route: Route } | { deferred: Fault };

function selectorOf(segment: string | undefined): Selector | undefined {
  if (segment === "@self") return "@self";
  if (segment === "@friends" || segment === "@all") return "@friends";
  return undefined;
}

/** Splits the path after the prefix into decoded segments, or undefined (→ 404). */
export function splitPath(pathname: string): string[] | undefined {
  if (!pathname.startsWith(API_PREFIX)) return undefined;
  let rest = pathname.slice(API_PREFIX.length);
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

/** A segment of a path pattern after the resource, as the router reads it. */
type Segment =
  | { readonly kind: "param"; readonly name: string }
  /** The selector: `{selector}` (a route parameter) or the one the operation takes, written out. */
  | { readonly kind: "selector"; readonly values: readonly Selector[]; readonly param: boolean }
  | { readonly kind: "literal"; readonly text: string };

/** An operation of the table, ready to match. */
interface Pattern {
  readonly op: (typeof OPERATIONS)[number];
  readonly resource: string;
  readonly segments: readonly Segment[];
  readonly methods: readonly string[];
}

const PATTERNS: readonly Pattern[] = OPERATIONS.map((op) => {
  const [resource = "", ...rest] = op.path.split("/");
  const segments = rest.map((text, i): Segment => {
    const name = /^\{(.+)\}$/.exec(text)?.[1];
    // After `{guid}` comes the selector (model/operations.ts).
    if (i === 1)
      return name === undefined
        ? { kind: "selector", values: [text as Selector], param: false }
        : { kind: "selector", values: "selectors" in op ? op.selectors : [], param: true };
    return name === undefined ? { kind: "literal", text } : { kind: "param", name };
  });
  return { op, resource, segments, methods: answeredMethods(op) };
});

/** The parameters that may be left out. */
type Optional = OptionalParam<OperationId>;

/** What a path that stops before a parameter answers, once the app is checked (§7, P-ERR-5). */
const ABSENT: Readonly<Record<Exclude<PathParam<OperationId>, Optional>, Fault>> = {
  guid: fault(400, "target-missing", "target id not given"),
  selector: fault(403, "selector-missing", "selector not given"),
  albumId: fault(400, "target-missing", "album id not given"),
};

/** What an optional parameter answers with a selector it does not go with. */
const MISPLACED: Readonly<Record<Optional, Fault>> = {
  pid: fault(400, "invalid-path", "a person id is valid only with @friends (P-PEOPLE-1)"),
};

/**
 * True when `args` (the segments after the resource) can be `p`'s path, whole or stopping before
 * its guid, selector or an id; a path that stops before a written-out segment is unknown.
 * (Index loops: the router runs for every request.)
 */
function fits(p: Pattern, args: readonly string[]): boolean {
  if (args.length > p.segments.length) return false;
  for (let i = 0; i < args.length; i++) {
    const segment = p.segments[i] as Segment;
    if (segment.kind === "literal" && args[i] !== segment.text) return false;
    if (segment.kind === "selector") {
      const selector = selectorOf(args[i]);
      if (selector === undefined || !segment.values.includes(selector)) return false;
    }
  }
  return p.segments[args.length]?.kind !== "literal";
}

/** The route of `args` on `p`, or the fault of a path that stops early. */
function routeOf(p: Pattern, args: readonly string[]): Match {
  const optional = "optional" in p.op ? p.op.optional : undefined;
  const missing = p.segments[args.length];
  const missingName = missing?.kind === "param" ? missing.name : "selector";
  // Every parameter but the optional one is in ABSENT (its type says so).
  if (missing && missingName !== optional?.name)
    return { deferred: ABSENT[missingName as keyof typeof ABSENT] };
  const route: Record<string, string> = { op: p.op.id };
  for (let i = 0; i < args.length; i++) {
    const segment = p.segments[i];
    const arg = args[i] as string;
    if (segment?.kind === "param") route[segment.name] = arg;
    // fits() let only the selector's values through.
    if (segment?.kind === "selector" && segment.param) route.selector = selectorOf(arg) as Selector;
  }
  if (optional && route[optional.name] !== undefined && route.selector !== optional.onlyWith)
    return { deferred: MISPLACED[optional.name] };
  // The keys are the pattern's parameters, set from its segments: the shape of RouteOf.
  return { route: route as unknown as Route };
}

/** The patterns of each resource, in table order. */
const BY_RESOURCE = new Map<string, Pattern[]>();
for (const p of PATTERNS) BY_RESOURCE.set(p.resource, [...(BY_RESOURCE.get(p.resource) ?? []), p]);

/** Matches `method` and `pathname` (as sent, not yet decoded) against the operation table. */
export function matchRoute(method: string, pathname: string): Match | Fault {
  const segments = splitPath(pathname);
  const patterns = segments && BY_RESOURCE.get(segments[0] as string);
  if (!segments || !patterns) return NOT_FOUND;
  const args = segments.slice(1);
  // the methods of the patterns the path fits, for a 405 (none: 404)
  let allowed: Set<string> | undefined;
  for (const p of patterns) {
    if (!fits(p, args)) continue;
    if (p.methods.includes(method)) return routeOf(p, args);
    allowed ??= new Set();
    for (const m of p.methods) allowed.add(m);
  }
  return allowed ? fault(405, "method-not-allowed", "method not allowed", [...allowed]) : NOT_FOUND;
}

const NOT_FOUND = fault(404, "not-found", "not found");
