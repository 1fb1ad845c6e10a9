/**
 * The operations of social-api.md §4, written once: how each is reached (methods, path
 * pattern), where the spec defines it, what it answers and how the OpenAPI document names it.
 * Pure data and the one path-filling function its users share. The reference server routes by it
 * (server/router.ts) and binds a handler to each id (server/handlers/operations.ts), the index
 * page lists it (server/index-page.ts), the OpenAPI document is built from it
 * (schemas/openapi/document.ts) and the fuzzer builds its request paths from it
 * (conformance/fuzz/steps/).
 *
 * A path pattern reads, after the API prefix: the resource, `{guid}` (the user, §2.1), then the
 * selector — `{selector}`, which takes the values `selectors` lists (and `@all` wherever
 * `@friends`, P-PEOPLE-5), or the one selector the operation takes, written out (`@self`) —, then
 * id parameters (`{albumId}`) and written-out segments (`@app`). HEAD is answered wherever GET is
 * (P-ERR-2): the methods below leave it out, {@link answeredMethods} adds it.
 */

/** The API's path prefix (§9). */
export const API_PREFIX = "/os/0.8/";

/** A group selector (P-PEOPLE-5: `@all` means `@friends`). */
export type Selector = "@self" | "@friends";

/** A method an operation is written with (HEAD comes with GET). */
type Method = "GET" | "POST" | "PUT" | "DELETE";

/**
 * A parameter of the OpenAPI document, by the name its `components/parameters` gives it
 * (schemas/openapi/document.ts words each). Every operation also takes `format`, the requestor
 * and the OAuth parameters, which the document adds.
 */
export type ParameterName =
  | "guid"
  | "pid"
  | "albumId"
  | "peopleSelector"
  | "groupSelector"
  | "appdataSelector"
  | "fields"
  | "startIndex"
  | "count"
  | "peopleStartIndex"
  | "peopleCount"
  | "peopleFilterBy"
  | "visibility"
  | "ignoredStartIndex"
  | "ignoredCount"
  | "ignoredFilterBy";

/** One operation of the OpenAPI document (an operation with an optional segment has two). */
export interface DocumentedOperation {
  readonly method: Method;
  /** True for the form that carries the optional segment; the others leave it out. */
  readonly withOptional?: true;
  readonly operationId: string;
  readonly summary: string;
  /** Its own parameters, path parameters first, in the document's order. */
  readonly parameters: readonly ParameterName[];
  /** The 200 body: a schema of schemas/ (by component name) and what it holds; none: empty. */
  readonly answer?: { readonly schema: string; readonly description: string };
}

/** One operation of §4. */
export interface Operation {
  /** Binds the server's handler and the fuzzer's requests to the row. */
  readonly id: string;
  /** The section of social-api.md that defines it. */
  readonly section: string;
  /** One line for the index page. */
  readonly summary: string;
  /** The OpenAPI tag it is listed under. */
  readonly tag: "people" | "albums" | "appdata";
  /** The methods, the first the one the index page shows. */
  readonly methods: readonly Method[];
  /** The path pattern after {@link API_PREFIX} (see the top of this file). */
  readonly path: string;
  /** The values of `{selector}`, when the path has one. */
  readonly selectors?: readonly Selector[];
  /** The last parameter, when it may be left out, and the selector it needs when present. */
  readonly optional?: { readonly name: string; readonly onlyWith: Selector };
  /**
   * The error statuses of its own (the error body is P-ERR-1's); those any request may get
   * (a body over 1 MiB, a target or headers too large, the store unavailable) are added where
   * the OpenAPI document is made.
   */
  readonly errors: readonly number[];
  /** Its operations in the OpenAPI document. */
  readonly documented: readonly DocumentedOperation[];
}

/** The list parameters an operation that is not a list ignores (P-PAGE-5). */
const IGNORED_LIST: readonly ParameterName[] = [
  "ignoredStartIndex",
  "ignoredCount",
  "ignoredFilterBy",
];

/** The operations, in the order of §4's sections. */
export const OPERATIONS = [
  {
    id: "albums",
    section: "§4.1",
    summary: "albums of a user",
    tag: "albums",
    methods: ["GET"],
    path: "albums/{guid}/@self",
    errors: [400, 403, 404, 405],
    documented: [
      {
        method: "GET",
        operationId: "getAlbums",
        summary: "A user's albums (§4.1)",
        parameters: ["guid", "startIndex", "count", "visibility"],
        answer: { schema: "album-list", description: "The albums, by id (P-PAGE-3)" },
      },
    ],
  },
  {
    id: "photos",
    section: "§4.2",
    summary: "photos of an album",
    tag: "albums",
    methods: ["GET"],
    path: "mediaitems/{guid}/@self/{albumId}",
    errors: [400, 403, 404, 405],
    documented: [
      {
        method: "GET",
        operationId: "getPhotos",
        summary: "The photos of an album (§4.2)",
        parameters: ["guid", "albumId", "startIndex", "count"],
        answer: { schema: "photo-list", description: "The photos, by id (P-PAGE-3)" },
      },
    ],
  },
  {
    id: "appdata-read",
    section: "§4.3",
    summary: "read application data (@self or @friends)",
    tag: "appdata",
    methods: ["GET"],
    path: "appdata/{guid}/{selector}/@app",
    selectors: ["@self", "@friends"],
    errors: [400, 403, 404, 405],
    documented: [
      {
        method: "GET",
        operationId: "getAppData",
        summary:
          "Application data of a user (@self) or of their friends (@friends: read-only, a write method there is 405)",
        parameters: ["guid", "appdataSelector", "fields", ...IGNORED_LIST],
        answer: {
          schema: "appdata",
          description: "The data, by user (P-DATA-5: users without data are left out)",
        },
      },
    ],
  },
  {
    id: "appdata-write",
    section: "§4.4",
    summary: "write application data (JSON or form body)",
    tag: "appdata",
    // P-DATA-2: PUT is POST.
    methods: ["POST", "PUT"],
    path: "appdata/{guid}/@self/@app",
    errors: [400, 403, 404, 405],
    documented: [
      {
        method: "POST",
        operationId: "writeAppData",
        summary: "Write (merge) key/value pairs (§4.4, P-DATA-4)",
        parameters: ["guid", ...IGNORED_LIST],
      },
      {
        method: "PUT",
        operationId: "writeAppDataPut",
        summary: "PUT: the alias of POST (P-DATA-2)",
        parameters: ["guid", ...IGNORED_LIST],
      },
    ],
  },
  {
    id: "appdata-delete",
    section: "§4.5",
    summary: "delete application data (all keys, or ?fields=)",
    tag: "appdata",
    methods: ["DELETE"],
    path: "appdata/{guid}/@self/@app",
    errors: [400, 403, 404, 405],
    documented: [
      {
        method: "DELETE",
        operationId: "deleteAppData",
        summary: "Delete the listed keys, or all (§4.5, P-DATA-5)",
        parameters: ["guid", "fields", ...IGNORED_LIST],
      },
    ],
  },
  {
    id: "people",
    section: "§4.6",
    summary: "profile(s): @self, @friends, one friend",
    tag: "people",
    methods: ["GET"],
    path: "people/{guid}/{selector}/{pid}",
    selectors: ["@self", "@friends"],
    // P-PEOPLE-1: a person id only with @friends.
    optional: { name: "pid", onlyWith: "@friends" },
    errors: [400, 403, 404, 405],
    documented: [
      {
        method: "GET",
        operationId: "getPeople",
        summary: "A person (@self) or their friends (@friends, @all)",
        parameters: [
          "guid",
          "peopleSelector",
          "fields",
          "peopleStartIndex",
          "peopleCount",
          "peopleFilterBy",
        ],
        answer: {
          schema: "people",
          description:
            "The person (@self: entry is one person) or the friends (entry is an array, with itemsPerPage)",
        },
      },
      {
        method: "GET",
        withOptional: true,
        operationId: "getFriend",
        summary: "One friend (P-PEOPLE-1)",
        parameters: ["guid", "groupSelector", "pid", "fields", ...IGNORED_LIST],
        answer: {
          schema: "people-self",
          description: "The friend: entry is one person, no itemsPerPage",
        },
      },
    ],
  },
] as const satisfies readonly Operation[];

/** The id of an operation. */
export type OperationId = (typeof OPERATIONS)[number]["id"];

/** The row of `id`. */
export type OperationOf<K extends OperationId> = Extract<(typeof OPERATIONS)[number], { id: K }>;

/** The parameter names of a path pattern. */
type ParamsOf<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | ParamsOf<Rest>
  : never;

/** The path parameters of operation `K`. */
export type PathParam<K extends OperationId> = ParamsOf<OperationOf<K>["path"]>;

/** The row of `id`. */
export function operation<K extends OperationId>(id: K): OperationOf<K> {
  return OPERATIONS.find((o) => o.id === id) as OperationOf<K>;
}

/** The whole path pattern of `op`, as social-api.md §4 writes it. */
export function pathPattern(op: Operation): string {
  return `${API_PREFIX}${op.path}`;
}

/** The methods `op` answers: its own, with HEAD wherever GET (P-ERR-2, RFC 9110 §9.3.2). */
export function answeredMethods(op: Operation): string[] {
  return op.methods.flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m]));
}

/**
 * The path of operation `id` with `values` in its parameters, as given (already encoded). The
 * path stops before the first parameter without a value: the optional one, or (for requests that
 * must be refused) the guid or selector of a path that stops early.
 */
export function operationPath<K extends OperationId>(
  id: K,
  values: Partial<Record<PathParam<K>, string>>,
): string {
  let out = API_PREFIX.slice(0, -1);
  for (const segment of operation(id).path.split("/")) {
    const name = /^\{(.+)\}$/.exec(segment)?.[1];
    const value = name === undefined ? segment : (values as Record<string, string>)[name];
    if (value === undefined) break;
    out += `/${value}`;
  }
  return out;
}
