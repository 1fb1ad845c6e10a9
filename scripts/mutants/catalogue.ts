// biome-ignore-all lint/suspicious/noTemplateCurlyInString: edits quote source text, template literals included
/**
 * The mutants of the self-check: each is one deliberate defect, written
 * as edits to a copy of `src/` (hand-written mutants, as a mutation tool writes its own), with the
 * statement it breaks. `src/` itself holds no switch: `mutant-tree.ts` copies the product, applies
 * a mutant's edits and runs that copy. A mutant the suite does not kill is a hole in the suite.
 * `test/scripts/mutants.test.ts` keeps every edit applicable: each `find` occurs exactly once in
 * its file, so a refactor of `src/` that moves the code fails there rather than silently.
 */

/** One change to one file of the product: `find` occurs exactly once in `file`. */
export interface SourceEdit {
  /** Path from the package root, under `src/`. */
  file: string;
  find: string;
  replace: string;
}

/** One deliberate defect. */
export interface Mutant {
  id: string;
  /** The statement it breaks (§ of social-api.md or a profile id). */
  statement: string;
  /** What the defective server does. */
  what: string;
  area:
    | "appdata"
    | "atom"
    | "paging"
    | "people"
    | "albums"
    | "auth"
    | "errors"
    | "limits"
    | "clients";
  /** The edits that plant the defect. */
  edits: readonly SourceEdit[];
  /**
   * Why a mutant of a core statement is caught at profile level only: social-api.md alone does
   * not show the defect wrong (the self-check runs every other core-statement mutant at core).
   */
  profileOnly?: string;
}

/**
 * The edits that pass every Atom document the server writes through `expr` (a JavaScript
 * expression over `render(reply)`): the Atom mutants are text edits of the written feed.
 */
function rewriteAtomOutput(expr: string): SourceEdit[] {
  const file = "src/server/atom.ts";
  return [
    { file, find: "  return (reply) => {", replace: "  const render: AtomRenderer = (reply) => {" },
    { file, find: "    }\n  };\n}", replace: `    }\n  };\n  return (reply) => ${expr};\n}` },
  ];
}

/** Every mutant, grouped by area. */
export const MUTANTS: readonly Mutant[] = [
  // application data
  {
    id: "appdata-friends-fields-ignored",
    statement: "S-4.3-FIELDS.1",
    area: "appdata",
    what: "fields is applied to @self reads only: @friends returns every key",
    edits: [
      {
        file: "src/server/handlers/appdata.ts",
        find: "users.map((user) => ctx.store.read(ctx.app.id, user, keys))",
        replace:
          'users.map((user) => ctx.store.read(ctx.app.id, user, route.selector === "@self" ? keys : undefined))',
      },
    ],
  },
  {
    id: "appdata-write-204",
    statement: "S-4.4-WRITE.1",
    area: "appdata",
    what: "a write answers 204 No Content instead of 200",
    edits: [
      {
        file: "src/server/handlers/appdata.ts",
        find: '      `application data of one user is limited to ${RECORD_LIMITS.maxKeys} keys and ${RECORD_LIMITS.maxBytes} bytes (P-DATA-7)`,\n    );\n  return { kind: "empty" };',
        replace:
          '      `application data of one user is limited to ${RECORD_LIMITS.maxKeys} keys and ${RECORD_LIMITS.maxBytes} bytes (P-DATA-7)`,\n    );\n  return { kind: "no-content" } as unknown as Reply;',
      },
      {
        file: "src/server/render.ts",
        find: '  if (reply.kind === "empty")',
        replace:
          '  if ((reply as { kind: string }).kind === "no-content") return { status: 204, headers: {}, body: new Uint8Array(0) };\n  if (reply.kind === "empty")',
      },
    ],
  },
  {
    id: "appdata-friends-of-friends",
    statement: "S-4.3-FRIENDS.1",
    area: "appdata",
    what: "@friends reads the friends' and their friends' data: a stranger who is a friend's friend is listed",
    edits: [
      {
        file: "src/server/handlers/appdata.ts",
        find: 'const users = route.selector === "@self" ? [target.id] : friends;',
        replace:
          'const users = route.selector === "@self" ? [target.id] : [...new Set(friends.flatMap((f) => [f, ...(ctx.world.friends.get(f) ?? [])]))].filter((u) => u !== target.id).sort();',
      },
    ],
  },
  {
    id: "appdata-delete-all-every-app",
    statement: "P-DATA-6.4",
    area: "appdata",
    what: "a DELETE without fields empties the user's records of every application",
    edits: [
      {
        file: "src/server/store/memory.ts",
        find: "      if (keys === undefined) {\n        rec.clear();",
        replace:
          "      if (keys === undefined) {\n        for (const users of apps.values()) users.get(user)?.clear();\n        rec.clear();",
      },
    ],
  },
  {
    id: "appdata-100-pairs-accepted",
    statement: "P-DATA-3.1",
    area: "appdata",
    what: "a write of 100 pairs is accepted",
    edits: [
      {
        file: "src/server/handlers/write-body.ts",
        find: "  if (read.count >= PAIR_LIMIT)\n",
        replace: "  if (read.count > PAIR_LIMIT)\n",
      },
    ],
  },
  {
    id: "appdata-99-pairs-refused",
    statement: "P-DATA-3.1",
    area: "appdata",
    what: "a write of 99 pairs is refused",
    edits: [
      {
        file: "src/server/handlers/write-body.ts",
        find: "  if (read.count >= PAIR_LIMIT)\n",
        replace: "  if (read.count >= PAIR_LIMIT - 1)\n",
      },
    ],
  },
  {
    id: "appdata-fields-100-accepted",
    statement: "P-DATA-3.2",
    area: "appdata",
    what: "a fields list of 100 keys is accepted",
    edits: [
      {
        file: "src/server/query/fields.ts",
        find: "if (names.length >= PAIR_LIMIT)",
        replace: "if (names.length > PAIR_LIMIT)",
      },
    ],
  },
  {
    id: "appdata-key-alphabet-ignored",
    statement: "P-DATA-1.1",
    area: "appdata",
    what: "keys outside A-Za-z0-9_.- are stored",
    edits: [
      {
        file: "src/server/handlers/write-body.ts",
        find: "    if (!isValidKey(k))\n      return fault(",
        replace: "    if (!k)\n      return fault(",
      },
    ],
  },
  {
    id: "appdata-value-rules-ignored",
    statement: "P-DATA-1.4",
    area: "appdata",
    what: "values with characters outside XML Char are stored",
    edits: [
      {
        file: "src/server/handlers/write-body.ts",
        find: "    if (!isValidValue(v))\n      return fault(",
        replace: '    if (typeof v !== "string")\n      return fault(',
      },
    ],
  },
  {
    id: "appdata-values-as-numbers",
    statement: "S-2.5-APPDATA-SHAPE.1",
    area: "appdata",
    what: "numeric-looking values are written as JSON numbers",
    edits: [
      {
        file: "src/server/render.ts",
        find: "pairs.push(`${JSON.stringify(k)}:${JSON.stringify(v)}`);",
        replace:
          "pairs.push(`${JSON.stringify(k)}:${/^-?[0-9]+$/.test(v) ? v : JSON.stringify(v)}`);",
      },
    ],
  },
  {
    id: "appdata-post-replaces",
    statement: "P-DATA-4.1",
    area: "appdata",
    what: "POST replaces the record instead of merging",
    edits: [
      {
        file: "src/server/handlers/appdata.ts",
        find: "  const written = await ctx.store.write(",
        replace:
          "  await ctx.store.delete(ctx.app.id, ctx.viewer.id);\n  const written = await ctx.store.write(",
      },
    ],
  },
  {
    id: "appdata-concurrent-merges-lost",
    statement: "P-DATA-4.1",
    area: "appdata",
    what: "a write merges into the record as it was read a moment before: a merge that lands meanwhile is lost",
    edits: [
      {
        file: "src/server/store/memory.ts",
        find: "      const rec = recordOf(app, user);\n      for (const [k, v] of pairs) rec.set(own(k), own(v));",
        replace:
          "      const rec = new Map(current);\n      for (const [k, v] of pairs) rec.set(own(k), own(v));\n      await new Promise((r) => setTimeout(r, 5));\n      recordOf(app, user);\n      apps.get(app)?.set(user, rec);",
      },
    ],
  },
  {
    id: "appdata-delete-all-keeps-data",
    statement: "S-4.5-DELETE-ALL.1",
    area: "appdata",
    what: "DELETE without fields keeps the data",
    edits: [
      {
        file: "src/server/handlers/appdata.ts",
        find: "  await ctx.store.delete(ctx.app.id, ctx.viewer.id, keys);",
        replace:
          "  if (keys !== undefined) await ctx.store.delete(ctx.app.id, ctx.viewer.id, keys);",
      },
    ],
  },
  {
    id: "appdata-delete-fields-ignored",
    statement: "S-4.5-DELETE-FIELDS.1",
    area: "appdata",
    what: "DELETE with fields deletes every key",
    edits: [
      {
        file: "src/server/handlers/appdata.ts",
        find: "  await ctx.store.delete(ctx.app.id, ctx.viewer.id, keys);",
        replace: "  await ctx.store.delete(ctx.app.id, ctx.viewer.id, undefined);",
      },
    ],
  },
  {
    id: "appdata-delete-first-key-only",
    statement: "S-4.5-DELETE-FIELDS.1",
    area: "appdata",
    what: "DELETE with fields deletes only the first key listed",
    edits: [
      {
        file: "src/server/handlers/appdata.ts",
        find: "  await ctx.store.delete(ctx.app.id, ctx.viewer.id, keys);",
        replace: "  await ctx.store.delete(ctx.app.id, ctx.viewer.id, keys?.slice(0, 1));",
      },
    ],
  },
  {
    id: "appdata-fields-ignored",
    statement: "S-4.3-FIELDS.1",
    area: "appdata",
    what: "GET ignores fields and returns every key",
    edits: [
      {
        file: "src/server/handlers/appdata.ts",
        find: "ctx.store.read(ctx.app.id, user, keys)",
        replace: "ctx.store.read(ctx.app.id, user, undefined)",
      },
    ],
  },
  {
    id: "appdata-friend-refused",
    statement: "P-DATA-6.1",
    area: "appdata",
    what: "reading a friend's data answers 403",
    edits: [
      {
        file: "src/server/handlers/appdata.ts",
        find: "  if (target.id === ctx.viewer.id) return true;\n",
        replace: "  if (target.id === ctx.viewer.id) return true;\n  if (selector) return false;\n",
      },
    ],
  },
  {
    id: "appdata-stranger-returned",
    statement: "P-DATA-6.5",
    area: "appdata",
    what: "a stranger's data is returned",
    edits: [
      {
        file: "src/server/handlers/appdata.ts",
        find: "  if (target.id === ctx.viewer.id) return true;\n",
        replace:
          '  if (target.id === ctx.viewer.id) return true;\n  if (selector === "@self") return true;\n',
      },
    ],
  },
  {
    id: "appdata-other-guid-writable",
    statement: "S-4.4-OWN-ONLY.1",
    area: "appdata",
    what: "another user's data can be written",
    edits: [
      {
        file: "src/server/handlers/appdata.ts",
        find: '  if (!isOwnGuid(ctx, route.guid)) return fault(403, "forbidden", "no permission to update");\n  const format = chooseFormat(ctx.query, ctx.req.headers.accept);\n  if (isFault(format)) return format;\n  const pairs',
        replace:
          "  const format = chooseFormat(ctx.query, ctx.req.headers.accept);\n  if (isFault(format)) return format;\n  const pairs",
      },
    ],
  },
  {
    id: "appdata-delete-other-guid",
    statement: "S-4.5-OWN-ONLY.1",
    area: "appdata",
    what: "another user's data can be deleted",
    edits: [
      {
        file: "src/server/handlers/appdata.ts",
        find: '  if (!isOwnGuid(ctx, route.guid)) return fault(403, "forbidden", "no permission to update");\n  const format = chooseFormat(ctx.query, ctx.req.headers.accept);\n  if (isFault(format)) return format;\n  const params',
        replace:
          "  const format = chooseFormat(ctx.query, ctx.req.headers.accept);\n  if (isFault(format)) return format;\n  const params",
      },
    ],
  },
  {
    id: "appdata-apps-shared",
    statement: "P-DATA-6.4",
    area: "appdata",
    what: "a second app reads the first app's data",
    edits: [
      {
        file: "src/server/handlers/appdata.ts",
        find: "ctx.store.read(ctx.app.id, user, keys)",
        replace: 'ctx.store.read(ctx.world.file.apps[0]?.id ?? "", user, keys)',
      },
    ],
  },
  {
    id: "appdata-friends-include-self",
    statement: "S-4.3-FRIENDS.1",
    area: "appdata",
    what: "@friends also lists the viewer's own data",
    edits: [
      {
        file: "src/server/handlers/appdata.ts",
        find: 'const users = route.selector === "@self" ? [target.id] : friends;',
        replace:
          'const users = route.selector === "@self" ? [target.id] : [target.id, ...friends];',
      },
    ],
  },
  {
    id: "list-missing-total",
    statement: "S-1-LIST-PAGING.1",
    area: "paging",
    what: "totalResults is left out of people, album and photo lists",
    edits: [
      {
        file: "src/server/render.ts",
        find: 'reply.kind === "appdata" ? appDataJson(reply.value) : jsonText(reply.value),',
        replace:
          'reply.kind === "appdata" ? appDataJson(reply.value) : JSON.stringify(reply.value, (k, v) => (k === "totalResults" ? undefined : v)),',
      },
    ],
  },
  {
    id: "appdata-missing-total",
    statement: "S-2.5-APPDATA-SHAPE.1",
    area: "appdata",
    what: "totalResults is left out of appdata reads",
    edits: [
      {
        file: "src/server/render.ts",
        find: 'const total = `,"totalResults":${value.totalResults}`;',
        replace: 'const total = "";',
      },
    ],
  },
  {
    id: "appdata-items-per-page",
    statement: "P-PAGE-4.3",
    area: "appdata",
    what: "appdata reads carry itemsPerPage",
    edits: [
      {
        file: "src/server/render.ts",
        find: "]${total}}`;",
        replace: ']${total},"itemsPerPage":${users.length}}`;',
      },
    ],
  },
  {
    id: "appdata-id-array-empty",
    statement: "S-2.5-APPDATA-SHAPE.1",
    area: "appdata",
    what: "id[] is always empty",
    edits: [
      { file: "src/server/render.ts", find: "    ids.push(JSON.stringify(user));\n", replace: "" },
    ],
  },
  {
    id: "appdata-write-echoes-body",
    statement: "P-DATA-2.4",
    area: "appdata",
    what: "a write answers with a JSON body",
    edits: [
      {
        file: "src/server/render.ts",
        find: '    return { status: 200, headers: { "content-length": "0" }, body: new Uint8Array(0) };',
        replace: '    return jsonResponse(200, "{}");',
      },
    ],
  },
  {
    id: "appdata-empty-users-listed",
    statement: "P-DATA-5.1",
    area: "appdata",
    what: "users without data appear with {}",
    edits: [
      {
        file: "src/server/handlers/appdata.ts",
        find: "    if (rec.size > 0) entry.set(user, rec);",
        replace: "    entry.set(user, rec);",
      },
    ],
  },
  {
    id: "appdata-friends-without-data-listed",
    statement: "P-DATA-5.5",
    area: "appdata",
    what: "@friends lists every friend, with {} for one without data",
    edits: [
      {
        file: "src/server/handlers/appdata.ts",
        find: "    if (rec.size > 0) entry.set(user, rec); // P-DATA-5",
        replace: "    if (rec.size > 0 || users.length > 1) entry.set(user, rec); // P-DATA-5",
      },
    ],
  },
  // Atom
  {
    id: "atom-id-without-urn",
    statement: "S-4.3-ATOM.1",
    area: "atom",
    what: "entry id without urn:guid:",
    edits: rewriteAtomOutput('render(reply).replaceAll("<id>urn:guid:", "<id>")'),
  },
  {
    id: "atom-appdata-namespace",
    statement: "S-4.3-ATOM.1",
    area: "atom",
    what: "appdata element in the wrong namespace",
    edits: rewriteAtomOutput(
      "render(reply).replace('<appdata xmlns=\"http://ns.opensocial.org/2008/opensocial\"', '<appdata xmlns=\"urn:example:appdata\"')",
    ),
  },
  {
    id: "atom-author-uri",
    // P-FMT-5: readers accept an Atom uri for the url, and core checks apply the readers'
    // tolerance (the profile's preface): a uri is a fault of writers only, P-FMT-2.3's.
    statement: "P-FMT-2.3",
    area: "atom",
    what: "author has uri instead of url",
    edits: rewriteAtomOutput(
      'render(reply).replace(/<url>(urn:guid:[^<]*)<\\/url>/g, "<uri>$1</uri>")',
    ),
  },
  {
    id: "atom-missing-total",
    statement: "S-4.3-ATOM.2",
    area: "atom",
    what: "feed without opensearch totalResults",
    edits: rewriteAtomOutput(
      'render(reply).replace(/\\s*<(\\w+):totalResults>[0-9]+<\\/\\1:totalResults>/, "")',
    ),
  },
  {
    id: "atom-format-ignored",
    statement: "P-FMT-1.1",
    area: "atom",
    what: "format=atom answers JSON",
    edits: [
      {
        file: "src/server/render.ts",
        find: '  if (reply.format === "atom") {',
        replace: '  if (reply.format === "atom" && reply.kind === "never") {',
      },
    ],
  },
  {
    id: "atom-content-type",
    statement: "P-FMT-1.7",
    area: "atom",
    what: "Atom sent as application/json",
    edits: [
      {
        file: "src/server/render.ts",
        find: '"content-type": ATOM_TYPE,',
        replace: '"content-type": JSON_TYPE,',
      },
    ],
  },
  {
    id: "atom-key-unescaped",
    statement: "P-FMT-4.1",
    area: "atom",
    what: "keys that are not XML names written raw",
    edits: rewriteAtomOutput(
      "render(reply).replace(/(<\\/?)_x([0-9A-F]{4})_/g, (_m, lt: string, hex: string) => lt + String.fromCharCode(Number.parseInt(hex, 16)))",
    ),
  },
  {
    id: "atom-people-json",
    // A JSON answer to format=atom is P-FMT-1.1's failure: from outside, "format ignored for
    // people" and "no Atom form for people" look the same (checks/format-selection.ts).
    statement: "P-FMT-1.1",
    area: "atom",
    what: "people with format=atom answers JSON",
    edits: [
      {
        file: "src/server/render.ts",
        find: '  if (reply.format === "atom") {',
        replace:
          '  if (reply.format === "atom" && reply.kind !== "person" && reply.kind !== "people") {',
      },
    ],
  },
  // paging
  {
    id: "paging-start-ignored",
    statement: "P-PAGE-1.1",
    area: "paging",
    what: "startIndex is ignored",
    edits: [
      {
        file: "src/server/query/paging.ts",
        find: '  const start = query.get("startIndex");',
        replace: "  const start = undefined as string | undefined;",
      },
    ],
  },
  {
    id: "paging-count-ignored",
    statement: "P-PAGE-1.1",
    area: "paging",
    what: "count is ignored",
    edits: [
      {
        file: "src/server/query/paging.ts",
        find: '  const count = query.get("count");',
        replace: "  const count = undefined as string | undefined;",
      },
    ],
  },
  {
    id: "paging-total-is-page",
    statement: "P-PAGE-3.1",
    area: "paging",
    what: "totalResults counts the page, not all matches",
    edits: [
      {
        file: "src/server/query/paging.ts",
        find: "    totalResults: items.length,",
        replace: "    totalResults: entry.length,",
      },
    ],
  },
  {
    id: "paging-items-is-entries",
    statement: "P-PAGE-3.3",
    area: "paging",
    what: "itemsPerPage is the number of entries returned",
    edits: [
      {
        file: "src/server/query/paging.ts",
        find: "    itemsPerPage: page.count,",
        replace: "    itemsPerPage: entry.length,",
      },
    ],
  },
  {
    id: "paging-items-capped-at-total",
    statement: "P-PAGE-3.3",
    area: "paging",
    what: "itemsPerPage is the count in effect capped at totalResults: min(count, totalResults)",
    edits: [
      {
        file: "src/server/query/paging.ts",
        find: "    itemsPerPage: page.count,",
        replace: "    itemsPerPage: Math.min(page.count, items.length),",
      },
    ],
  },
  {
    id: "paging-total-zero-past-end",
    statement: "P-PAGE-3.1",
    area: "paging",
    what: "a page past the end reports totalResults 0",
    edits: [
      {
        file: "src/server/query/paging.ts",
        find: "    totalResults: items.length,",
        replace: "    totalResults: entry.length === 0 ? 0 : items.length,",
      },
    ],
  },
  {
    id: "paging-bad-count-accepted",
    statement: "S-7.2-400-PAGING.1",
    area: "paging",
    what: "an invalid count answers 200 (the default page)",
    edits: [
      {
        file: "src/server/query/paging.ts",
        find: '  if (n === undefined || n === 0 || n > MAX_COUNT)\n    return fault(400, "invalid-paging", "paging value invalid: count");',
        replace:
          "  if (n === undefined || n === 0 || n > MAX_COUNT)\n    return { startIndex, count: defaultCount };",
      },
    ],
  },
  {
    id: "paging-max-count-refused",
    statement: "P-PAGE-1.4",
    area: "paging",
    what: "count=1000 (the largest accepted) answers 400",
    edits: [
      { file: "src/server/query/paging.ts", find: "n > MAX_COUNT)", replace: "n > MAX_COUNT - 1)" },
    ],
  },
  {
    id: "paging-missing-total",
    statement: "S-2.4-PAGING-FIELDS",
    area: "paging",
    what: "album lists without totalResults",
    edits: [
      {
        file: "src/server/render.ts",
        find: '  return jsonResponse(\n    200,\n    reply.kind === "appdata"',
        replace:
          '  if (reply.kind === "albums")\n    return jsonResponse(200, JSON.stringify({ ...reply.value, totalResults: undefined }));\n  return jsonResponse(\n    200,\n    reply.kind === "appdata"',
      },
    ],
  },
  // people
  {
    id: "people-has-app-any-app",
    statement: "P-PEOPLE-2.2",
    area: "people",
    what: "hasApp says whether the person uses any application, not the calling one",
    edits: [
      {
        file: "src/server/views/person.ts",
        find: "return p.apps.includes(app.id);",
        replace: 'return p.apps.length > 0 || app.id === "";',
      },
    ],
  },
  {
    id: "people-friends-fields-ignored",
    statement: "S-4.6-FIELDS.1",
    area: "people",
    what: "fields is ignored on a friends list: no optional field is given",
    profileOnly:
      "a friend may lack any optional field, so only the values the world holds show the field left out: a world case, which the profile's target file makes possible",
    edits: [
      {
        file: "src/server/handlers/people.ts",
        find: "shown.entry.map((p) => show(ctx, p))",
        replace: "shown.entry.map((p) => personView(p, { app: ctx.app }))",
      },
    ],
  },
  {
    id: "people-id-without-namespace",
    statement: "S-2.1-ID-FORM.1",
    area: "people",
    what: "a person's id is written without its namespace (john.doe for example.org:john.doe)",
    edits: [
      {
        file: "src/model/resource-objects.ts",
        find: "    id: p.id,\n    nickname: p.nickname,",
        replace: '    id: p.id.slice(p.id.indexOf(":") + 1),\n    nickname: p.nickname,',
      },
    ],
  },
  {
    id: "people-items-on-self",
    statement: "S-4.6-SELF.1",
    area: "people",
    what: "people @self carries itemsPerPage",
    edits: [
      {
        file: "src/server/handlers/people.ts",
        find: '  return { kind: "person", format, value };\n}\n\n/** P-PEOPLE-1',
        replace:
          '  return { kind: "person", format, value: Object.assign({}, value, { itemsPerPage: 1 }) };\n}\n\n/** P-PEOPLE-1',
      },
    ],
  },
  {
    id: "people-fields-ignored",
    statement: "S-4.6-FIELDS.1",
    area: "people",
    what: "fields is ignored",
    edits: [
      {
        file: "src/server/handlers/people.ts",
        find: "  const fields = fieldNames(ctx.query) ?? [];",
        replace: "  const fields: string[] = [];",
      },
    ],
  },
  {
    id: "people-absent-fields-filled",
    statement: "S-2.6-PERSON-FIELDS.1",
    area: "people",
    what: "an asked field the person lacks is written as an empty string",
    profileOnly:
      "social-api.md lets a named field appear; that a person without it gets no empty string is the profile's reading (P-PEOPLE-2)",
    edits: [
      {
        file: "src/server/handlers/people.ts",
        find: 'import type { Person } from "../../model/resources.js";',
        replace: 'import { OPTIONAL_PERSON_FIELDS, type Person } from "../../model/resources.js";',
      },
      {
        file: "src/server/handlers/people.ts",
        find: "  return personView(\n    p,\n    selfOf === undefined ? { app: ctx.app, fields } : { app: ctx.app, fields, selfOf },\n  );",
        replace:
          '  const out = personView(\n    p,\n    selfOf === undefined ? { app: ctx.app, fields } : { app: ctx.app, fields, selfOf },\n  );\n  for (const f of fields)\n    if ((OPTIONAL_PERSON_FIELDS as readonly string[]).includes(f) && !(f in out)) Object.assign(out, { [f]: "" });\n  return out;',
      },
    ],
  },
  {
    id: "people-filter-ignored",
    statement: "S-4.6-FILTERBY.1",
    area: "people",
    what: "filterBy=hasApp is ignored",
    edits: [
      {
        file: "src/server/handlers/people.ts",
        find: '  const filterBy = ctx.query.get("filterBy");',
        replace: "  const filterBy = undefined as string | undefined;",
      },
    ],
  },
  {
    id: "people-has-app-always",
    statement: "S-2.6-PERSON-ALWAYS.1",
    area: "people",
    what: "hasApp is always true",
    edits: [
      {
        file: "src/server/handlers/people.ts",
        find: "  return personView(\n    p,\n    selfOf === undefined ? { app: ctx.app, fields } : { app: ctx.app, fields, selfOf },\n  );",
        replace:
          "  const out = personView(\n    p,\n    selfOf === undefined ? { app: ctx.app, fields } : { app: ctx.app, fields, selfOf },\n  );\n  out.hasApp = true;\n  return out;",
      },
    ],
  },
  {
    id: "people-is-viewer-on-friends",
    statement: "S-2.6-PERSON-SELF-ONLY.1",
    area: "people",
    what: "friends carry isViewer/isOwner",
    edits: [
      {
        file: "src/server/handlers/people.ts",
        find: "entry: shown.entry.map((p) => show(ctx, p))",
        replace: "entry: shown.entry.map((p) => show(ctx, p, ctx.viewer.id))",
      },
    ],
  },
  {
    id: "people-unknown-403",
    statement: "S-7.2-404-USER.1",
    area: "people",
    what: "an unknown user answers 403, not 404",
    edits: [
      {
        file: "src/server/handlers/people.ts",
        find: 'fault(404, "user-not-found", "the specified user is not found");\n  if (route.pid',
        replace:
          'fault(403, "user-not-found", "the specified user is not found");\n  if (route.pid',
      },
    ],
  },
  {
    id: "people-stranger-readable",
    statement: "P-PEOPLE-4.2",
    area: "people",
    what: "a stranger's profile is returned",
    edits: [
      {
        file: "src/server/handlers/people.ts",
        find: "  return target.id === ctx.viewer.id || areFriends(ctx.world, target.id, ctx.viewer.id);",
        replace: "  return true;",
      },
    ],
  },
  {
    id: "people-pid-not-friend",
    statement: "P-PEOPLE-1.5",
    area: "people",
    what: "a pid that is not a friend of guid is returned",
    edits: [
      {
        file: "src/server/handlers/people.ts",
        find: '  if (!areFriends(ctx.world, target.id, friend.id))\n    return fault(404, "user-not-found", "the specified user is not found");\n',
        replace: "",
      },
    ],
  },
  {
    id: "people-friends-of-other",
    statement: "P-PEOPLE-1.4",
    area: "people",
    what: "another user's friends list is returned",
    edits: [
      {
        file: "src/server/handlers/people.ts",
        find: '  if (target.id !== ctx.viewer.id)\n    return fault(403, "forbidden", "no permission to read friends of another user");\n  const format',
        replace: "  const format",
      },
    ],
  },
  {
    id: "people-friends-unordered",
    statement: "P-PAGE-3.2",
    area: "people",
    what: "friends are listed in reverse id order",
    edits: [
      {
        file: "src/server/handlers/people.ts",
        find: "  const shown = pageOf(list, page);",
        replace: "  const shown = pageOf(list.toReversed(), page);",
      },
    ],
  },
  {
    id: "people-self-entry-array",
    statement: "S-4.6-SELF.1",
    area: "people",
    what: "@self answers entry as an array",
    edits: [
      {
        file: "src/server/handlers/people.ts",
        find: '  return { kind: "person", format, value };\n}\n\n/** P-PEOPLE-1',
        replace:
          '  const shown = format === "json" ? Object.assign({}, value, { entry: [value.entry] }) : value;\n  return { kind: "person", format, value: shown };\n}\n\n/** P-PEOPLE-1',
      },
    ],
  },
  // albums and photos
  {
    id: "albums-visibility-ignored",
    statement: "S-4.1-VISIBILITY.1",
    area: "albums",
    what: "without visibility every album is listed",
    edits: [
      {
        file: "src/server/handlers/albums.ts",
        find: '  if (v === undefined) return "everyone";',
        replace: '  if (v === undefined) return "all";',
      },
    ],
  },
  {
    id: "albums-count-off-by-one",
    statement: "S-2.2-ALBUM-FIELDS.1",
    area: "albums",
    what: "mediaItemCount is one more than the photos",
    edits: [
      {
        file: "src/server/views/album.ts",
        find: "    mediaItemCount: a.photos.length,",
        replace: "    mediaItemCount: a.photos.length + 1,",
      },
    ],
  },
  {
    id: "albums-mime-types-repeated",
    statement: "P-ALBUM-3.2",
    area: "albums",
    what: "mediaMimeType lists every photo's type, repeats included",
    edits: [
      {
        file: "src/server/views/album.ts",
        find: "    mediaMimeType: [...a.mediaMimeType],",
        replace: "    mediaMimeType: a.photos.map((p) => p.mimeType),",
      },
    ],
  },
  {
    id: "albums-friend-scope",
    statement: "P-ALBUM-1.3",
    area: "albums",
    what: "visibility=all hides a friend's friends-albums",
    edits: [
      {
        file: "src/server/handlers/albums.ts",
        find: "? all.filter((a) => canSeeAlbum(ctx.world, a, ctx.viewer.id))",
        replace:
          '? all.filter((a) => canSeeAlbum(ctx.world, a, ctx.viewer.id) && !(owner.id !== ctx.viewer.id && a.visibility === "friends"))',
      },
    ],
  },
  {
    id: "photos-hidden-album-readable",
    statement: "P-ALBUM-2.1",
    area: "albums",
    what: "photos of an album the viewer may not see",
    edits: [
      {
        file: "src/server/handlers/albums.ts",
        find: "  if (!canSeeAlbum(ctx.world, album, ctx.viewer.id))",
        replace: "  if (false)",
      },
    ],
  },
  {
    id: "photos-foreign-album",
    statement: "P-ALBUM-2.3",
    area: "albums",
    what: "photos of an album that guid does not own are listed",
    edits: [
      {
        file: "src/server/handlers/albums.ts",
        find: "  if (!album || album.ownerId !== owner.id)",
        replace: "  if (!album)",
      },
    ],
  },
  // auth
  {
    id: "auth-timestamp-window-600",
    statement: "P-AUTH-3.6",
    area: "auth",
    what: "timestamps within 600 s of the server clock are accepted (oauthlib's default window), not 300",
    edits: [
      {
        file: "src/model/limits.ts",
        find: "export const TIMESTAMP_WINDOW_S = 300;",
        replace: "export const TIMESTAMP_WINDOW_S = 600;",
      },
    ],
  },
  {
    id: "auth-bad-signature-accepted",
    statement: "S-5-AUTH.2",
    area: "auth",
    what: "an invalid signature is accepted",
    profileOnly:
      "the authentication mechanism (OAuth signatures) is the profile's: social-api.md alone cannot show a signature bad",
    edits: [
      {
        file: "src/oauth/verify-signature.ts",
        find: "  return false;\n}",
        replace: "  return true;\n}",
      },
    ],
  },
  {
    id: "auth-nonce-replay-accepted",
    statement: "P-AUTH-3.7",
    area: "auth",
    what: "a replayed nonce is accepted",
    edits: [
      {
        file: "src/server/auth/verify.ts",
        find: '(fresh ? caller : bad("nonce already used"))',
        replace: "caller",
      },
    ],
  },
  {
    id: "auth-401",
    statement: "S-5-AUTH.2",
    area: "auth",
    what: "invalid credentials answer 401 instead of 400",
    edits: [
      {
        file: "src/server/pipeline.ts",
        find: "  if (isFault(caller)) return caller;",
        replace: "  if (isFault(caller)) return fault(401, caller.code, caller.message);",
      },
    ],
  },
  {
    id: "auth-stale-accepted",
    statement: "P-AUTH-3.6",
    area: "auth",
    what: "a stale timestamp is accepted",
    edits: [
      {
        file: "src/oauth/verify-signature.ts",
        find: "Math.abs((options.nowMs ?? Date.now()) / 1000 - timestamp)",
        replace: "Math.abs(timestamp - timestamp)",
      },
    ],
  },
  {
    id: "auth-body-hash-ignored",
    statement: "P-AUTH-2.4",
    area: "auth",
    what: "a wrong oauth_body_hash is accepted",
    edits: [
      {
        file: "src/oauth/verify-signature.ts",
        find: "  if (!bodyHashMatches(hash, body))\n",
        replace: "  if (!bodyHashMatches(hash, body) && false)\n",
      },
    ],
  },
  {
    id: "auth-query-unsigned-accepted",
    statement: "P-AUTH-2.2",
    area: "auth",
    what: "a signature over the OAuth parameters alone is accepted too: query parameters added to a request signed without any go unchecked",
    edits: [
      {
        file: "src/oauth/request-params.ts",
        find: "  return ok({ protocol, lists: repeated ? [dedupeProtocol(raw), raw] : [raw] });",
        replace:
          "  const lists = repeated ? [dedupeProtocol(raw), raw] : [raw];\n  return ok({ protocol, lists: [...lists, raw.filter(([n]) => isProtocolParam(n))] });",
      },
    ],
  },
  {
    id: "auth-viewer-without-app",
    statement: "P-AUTH-5.1",
    area: "auth",
    what: "a viewer without the app is served",
    edits: [
      {
        file: "src/server/pipeline.ts",
        find: "if (!hasApp(caller.viewer, caller.app))",
        replace: "if (!hasApp(caller.viewer, caller.app) && false)",
      },
    ],
  },
  {
    id: "auth-raw-key-refused",
    statement: "P-AUTH-6.1",
    area: "auth",
    what: "a signature made with the raw (not percent-encoded) secret is refused",
    edits: [
      {
        file: "src/oauth/verify-signature.ts",
        find: "  return keys;\n}",
        replace: "  return keys.slice(0, 1);\n}",
      },
    ],
  },
  // errors and limits
  {
    id: "errors-405-no-allow",
    statement: "P-ERR-2.7",
    area: "errors",
    what: "405 without an Allow header",
    edits: [
      {
        file: "src/server/render.ts",
        find: '  if (f.allow) res.headers.allow = f.allow.join(", ");\n',
        replace: "",
      },
    ],
  },
  {
    id: "errors-405-allow-lower-case",
    statement: "P-ERR-2.7",
    area: "errors",
    what: "405's Allow lists the methods in lower case (`get, head`: other methods, RFC 9110 §9.1)",
    edits: [
      {
        file: "src/server/render.ts",
        find: '  if (f.allow) res.headers.allow = f.allow.join(", ");\n',
        replace: '  if (f.allow) res.headers.allow = f.allow.join(", ").toLowerCase();\n',
      },
    ],
  },
  {
    id: "errors-body-plain",
    statement: "P-ERR-1.1",
    area: "errors",
    what: "error bodies are plain text",
    edits: [
      {
        file: "src/server/render.ts",
        find: '  if (f.allow) res.headers.allow = f.allow.join(", ");\n  return res;',
        replace:
          '  const text = Buffer.from(f.message);\n  return { status: f.status, headers: { "content-type": "text/plain", "content-length": String(text.length) }, body: text };',
      },
    ],
  },
  {
    id: "errors-missing-selector-404",
    statement: "S-7.1-403-NO-SELECTOR.1",
    area: "errors",
    what: "a path without selector answers 404, not 403",
    edits: [
      {
        file: "src/server/pipeline.ts",
        find: "return match.deferred;",
        replace:
          'return match.deferred.status === 403 ? fault(404, "not-found", "not found") : match.deferred;',
      },
    ],
  },
  {
    id: "errors-missing-guid-404",
    statement: "S-7.1-400-NO-TARGET.1",
    area: "errors",
    what: "a path without guid answers 404, not 400",
    edits: [
      {
        file: "src/server/pipeline.ts",
        find: "return match.deferred;",
        replace:
          'return match.deferred.status === 400 ? fault(404, "not-found", "not found") : match.deferred;',
      },
    ],
  },
  {
    id: "errors-500-bad-query",
    statement: "P-ERR-3.1",
    area: "errors",
    what: "an undecodable query answers 500",
    edits: [
      {
        file: "src/server/pipeline.ts",
        find: "  if (isFault(target)) return target;\n",
        replace: '  if (isFault(target)) throw new Error("mutant");\n',
      },
    ],
  },
  {
    id: "errors-trailing-slash-404",
    statement: "P-ERR-2.4",
    area: "errors",
    what: "a path with one trailing slash answers 404",
    edits: [
      {
        file: "src/server/pipeline.ts",
        find: "  if (isFault(caller)) return caller;\n",
        replace:
          '  if (isFault(caller)) return caller;\n  if (target.pathname.endsWith("/")) return fault(404, "not-found", "not found");\n',
      },
    ],
  },
  {
    id: "errors-gzip-unasked",
    statement: "P-ERR-2.6",
    area: "errors",
    what: "responses are gzipped without Accept-Encoding",
    edits: [
      {
        file: "src/server/pipeline.ts",
        find: 'const sent = maybeCompress(res, req.headers["accept-encoding"]);',
        replace: 'const sent = maybeCompress(res, "gzip");',
      },
    ],
  },
  {
    id: "errors-head-405",
    statement: "P-ERR-2.3",
    area: "errors",
    what: "HEAD answers 405 instead of GET's status (the router leaves it out of every path)",
    edits: [
      {
        file: "src/server/router.ts",
        find: "return { op, resource, segments, methods: answeredMethods(op) };",
        replace: "return { op, resource, segments, methods: [...op.methods] };",
      },
    ],
  },
  {
    id: "auth-hashed-form-unsigned",
    statement: "P-AUTH-6.2",
    area: "auth",
    what: "a matched oauth_body_hash lets a body read as a form go unsigned",
    edits: [
      {
        file: "src/oauth/body-params.ts",
        find: "if (!form || (hashed && json)) out.push([]);",
        replace: "if (!form || hashed) out.push([]);",
      },
    ],
  },
  {
    id: "appdata-record-keys-unbounded",
    statement: "P-DATA-7.1",
    area: "appdata",
    what: "a record may grow past 10,000 keys",
    edits: [
      {
        file: "src/server/store/memory.ts",
        find: "if (size > RECORD_LIMITS.maxKeys || bytes > RECORD_LIMITS.maxBytes)",
        replace: "if (bytes > RECORD_LIMITS.maxBytes)",
      },
    ],
  },
  {
    id: "appdata-record-bytes-unbounded",
    statement: "P-DATA-7.4",
    area: "appdata",
    what: "a record may grow past 4 MiB",
    edits: [
      {
        file: "src/server/store/memory.ts",
        find: "if (size > RECORD_LIMITS.maxKeys || bytes > RECORD_LIMITS.maxBytes)",
        replace: "if (size > RECORD_LIMITS.maxKeys)",
      },
    ],
  },
  {
    id: "people-pid-friendship-oracle",
    statement: "P-PEOPLE-1.6",
    area: "people",
    what: "a pid on another user's friends is judged by friendship before permission (404 reveals a non-friend)",
    edits: [
      {
        file: "src/server/handlers/people.ts",
        find: '  if (target.id !== ctx.viewer.id)\n    return fault(403, "forbidden", "no permission to read friends of another user");\n  if (!areFriends(ctx.world, target.id, friend.id))\n    return fault(404, "user-not-found", "the specified user is not found");\n',
        replace:
          '  if (!areFriends(ctx.world, target.id, friend.id))\n    return fault(404, "user-not-found", "the specified user is not found");\n  if (target.id !== ctx.viewer.id)\n    return fault(403, "forbidden", "no permission to read friends of another user");\n',
      },
    ],
  },
  {
    id: "clients-http10-refused",
    statement: "P-AUTH-6.4",
    area: "clients",
    what: "HTTP/1.0 requests answer 505",
    edits: [
      {
        file: "src/server/pipeline.ts",
        find: "  if (isFault(target)) return target;\n",
        replace:
          '  if (isFault(target)) return target;\n  if (req.httpVersion === "1.0") return fault(505, "bad-request", "HTTP/1.0 not supported");\n',
      },
    ],
  },
  {
    id: "limits-413-ignored",
    statement: "P-ERR-4.1",
    area: "limits",
    what: "bodies over 1 MiB are read and answered 400",
    edits: [
      {
        file: "src/server/pipeline.ts",
        find: '    return fault(413, "body-too-large", "request body larger than 1 MiB");',
        replace: '    return fault(400, "body-too-large", "request body larger than 1 MiB");',
      },
      {
        file: "src/server/create-server.ts",
        find: "listenHttp(handle, deps.limits, {",
        replace: "listenHttp(handle, { ...deps.limits, maxBodyBytes: deps.limits.drainBytes }, {",
      },
    ],
  },
  {
    id: "limits-413-after-whole-body",
    statement: "P-ERR-4.2",
    area: "limits",
    what: "the 413 is sent only after the whole body (up to the drain limit) has been read",
    edits: [
      {
        file: "src/server/http/node-adapter.ts",
        find: '  res.writeHead(413, { ...r.headers, connection: "close" });\n  res.write(r.body);\n',
        replace: "",
      },
      {
        file: "src/server/http/node-adapter.ts",
        find: '  req.on("end", () => res.end());\n  req.resume();\n}',
        replace:
          '  req.on("end", () => {\n    res.writeHead(413, { ...r.headers, connection: "close" });\n    res.end(r.body);\n  });\n  req.resume();\n}',
      },
    ],
  },
  {
    // The runner follows a body written first to the connection's end: the reset that closing
    // with the body unread leaves is seen whether or not the 413 was read before it.
    id: "limits-413-no-drain",
    statement: "P-ERR-4.3",
    area: "limits",
    what: "the connection is closed right after the 413, the rest of the body unread",
    edits: [
      {
        file: "src/server/http/node-adapter.ts",
        find: '  req.on("end", () => res.end());\n  req.resume();\n}',
        replace: "  res.end(() => req.socket.destroy());\n}",
      },
    ],
  },
  // profile revision 4, and defects that once passed the suite
  {
    id: "atom-opensearch-ns-slash",
    statement: "P-FMT-2.1",
    area: "atom",
    what: "the OpenSearch namespace written with a trailing slash",
    edits: [
      {
        file: "src/codecs/atom/frame.ts",
        find: '="${OSEARCH_NS}">',
        replace: '="${OSEARCH_NS}/">',
      },
    ],
  },
  {
    id: "atom-keys-sorted",
    statement: "P-FMT-3.2",
    area: "atom",
    what: "Atom appdata keys sorted by name instead of in the order first written",
    edits: [
      {
        file: "src/codecs/atom/write.ts",
        find: "for (const [key, value] of record as Map<unknown, unknown>) out += writeKey(key, value, where);",
        replace:
          "for (const [key, value] of [...(record as Map<string, unknown>)].sort(([a], [b]) => (a < b ? -1 : 1))) out += writeKey(key, value, where);",
      },
    ],
  },
  {
    id: "atom-keys-integer-first",
    statement: "P-FMT-3.2",
    area: "atom",
    what: "Atom appdata integer-like keys moved first (the record passed through a plain object)",
    edits: [
      {
        file: "src/codecs/atom/write.ts",
        find: "for (const [key, value] of record as Map<unknown, unknown>) out += writeKey(key, value, where);",
        replace:
          "for (const [key, value] of Object.entries(Object.fromEntries(record as Map<string, unknown>))) out += writeKey(key, value, where);",
      },
    ],
  },
  {
    id: "atom-appdata-camel-case",
    statement: "P-FMT-3.1",
    area: "atom",
    what: "the Atom data element written appData (a name readers accept, P-FMT-3.4; writers write appdata)",
    edits: rewriteAtomOutput(
      'render(reply).replace(/<appdata /g, "<appData ").replace(/<\\/appdata>/g, "</appData>")',
    ),
  },
  {
    id: "atom-keys-no-namespace",
    statement: "P-FMT-3.1",
    area: "atom",
    what: 'Atom appdata key elements in no namespace (xmlns="")',
    edits: [
      {
        file: "src/codecs/atom/write.ts",
        find: ": `${MEMBER_INDENT}<${tag}>${escapeText(value)}</${tag}>\\n`;",
        replace: ': `${MEMBER_INDENT}<${tag} xmlns="">${escapeText(value)}</${tag}>\\n`;',
      },
    ],
  },
  {
    id: "atom-escape-lowercase",
    statement: "P-FMT-4.1",
    area: "atom",
    what: "name escapes written with lower-case hex digits",
    edits: [
      {
        file: "src/codecs/atom/names.ts",
        find: 'c.toString(16).toUpperCase().padStart(4, "0")',
        replace: 'c.toString(16).toLowerCase().padStart(4, "0")',
      },
    ],
  },
  {
    id: "atom-escape-first-only",
    statement: "P-FMT-4.3",
    area: "atom",
    what: "a literal _xHHHH_ is escaped only at the start of a key",
    edits: [
      {
        file: "src/codecs/atom/names.ts",
        find: "(c === 0x5f && looksEscaped(key, i))",
        replace: "(c === 0x5f && i === 0 && looksEscaped(key, i))",
      },
    ],
  },
  {
    id: "atom-array-joined",
    statement: "P-FMT-7.6",
    area: "atom",
    what: "an array member written as one element with comma-joined text",
    edits: [
      {
        file: "src/codecs/atom/write.ts",
        find: '  if (Array.isArray(value)) {\n    let out = "";',
        replace:
          '  if (Array.isArray(value)) {\n    if (value.every((x) => typeof x === "string"))\n      return `${indent}<${tag}>${escapeText(value.join(","))}</${tag}>\\n`;\n    let out = "";',
      },
    ],
  },
  {
    id: "atom-raw-cr",
    statement: "P-FMT-3.1",
    area: "atom",
    what: "a CR in a value written raw into the XML (a reader turns it into LF)",
    edits: [
      {
        file: "src/codecs/atom/escape.ts",
        find: 'if (c === 0x0d) rep = "&#xD;";',
        replace: 'if (c === 0x0d) rep = attribute ? "&#xD;" : undefined;',
      },
    ],
  },
  {
    id: "atom-photo-author-photo",
    statement: "P-FMT-7.5",
    area: "atom",
    what: "a photo entry's author is the photo, not the album owner",
    edits: [
      {
        file: "src/codecs/atom/write.ts",
        find: '  if (kind === "photos") return owner;\n',
        replace: '  if (kind === "photos") return stringMember(item, "id", where);\n',
      },
    ],
  },
  {
    id: "appdata-start-index-echoed",
    statement: "P-PAGE-4.1",
    area: "paging",
    what: "application data answers the startIndex asked for",
    edits: [
      {
        file: "src/server/render.ts",
        find: '{"entry":{${users.join(",")}},"startIndex":0,',
        replace: '{"entry":{${users.join(",")}},"startIndex":${value.startIndex},',
      },
      {
        file: "src/server/render.ts",
        find: "startIndex: 0, totalResults: value.totalResults",
        replace: "startIndex: value.startIndex, totalResults: value.totalResults",
      },
      {
        file: "src/server/handlers/appdata.ts",
        find: "value: { entry, startIndex: 0, totalResults: entry.size }",
        replace:
          'value: { entry, startIndex: Number(ctx.query.get("startIndex")) || 0, totalResults: entry.size }',
      },
    ],
  },
  {
    id: "people-self-paging-checked",
    statement: "P-PAGE-5.1",
    area: "paging",
    what: "people @self refuses an invalid count (paging is ignored there)",
    edits: [
      {
        file: "src/server/handlers/people.ts",
        find: "  const value: PersonResponse =\n",
        replace:
          "  const page = readPage(ctx.query, 1);\n  if (isFault(page)) return page;\n  const value: PersonResponse =\n",
      },
    ],
  },
  {
    id: "paging-leading-zeros-refused",
    statement: "P-PAGE-2.1",
    area: "paging",
    what: "a paging value with leading zeros (007) is refused",
    edits: [
      {
        file: "src/server/query/paging.ts",
        find: "if (!/^[0-9]{1,10}$/.test(text)) return undefined;",
        replace: "if (!/^(0|[1-9][0-9]{0,9})$/.test(text)) return undefined;",
      },
    ],
  },
  {
    id: "appdata-value-limit-utf16",
    statement: "P-DATA-1.2",
    area: "appdata",
    what: "the value limit counts UTF-16 code units, not code points",
    edits: [
      {
        file: "src/model/appdata-rules.ts",
        find: "(value.length <= MAX_VALUE_CODE_POINTS * 2 && codePointLength(value) <= MAX_VALUE_CODE_POINTS)",
        replace: "false",
      },
    ],
  },
  {
    id: "appdata-value-ffff-accepted",
    statement: "P-DATA-1.4",
    area: "appdata",
    what: "values holding U+FFFE or U+FFFF are stored",
    edits: [
      {
        file: "src/model/appdata-rules.ts",
        find: "\\\\uE000-\\\\uFFFD",
        replace: "\\\\uE000-\\\\uFFFF",
      },
    ],
  },
  {
    id: "appdata-value-nonchar-refused",
    statement: "P-DATA-1.4",
    area: "appdata",
    what: "values holding noncharacters such as U+FDD0 are refused",
    edits: [
      {
        file: "src/model/appdata-rules.ts",
        find: "\\\\uE000-\\\\uFFFD",
        replace: "\\\\uE000-\\\\uFDCF\\\\uFDF0-\\\\uFFFD",
      },
    ],
  },
  {
    id: "appdata-key-unicode-letters",
    statement: "P-DATA-1.1",
    area: "appdata",
    what: "keys with non-ASCII letters are stored",
    edits: [
      {
        file: "src/model/appdata-rules.ts",
        find: "export const KEY_PATTERN = new RegExp(`^[A-Za-z0-9_.-]{1,${MAX_KEY_LENGTH}}$`);",
        replace:
          'export const KEY_PATTERN = new RegExp(`^[\\\\p{L}0-9_.-]{1,${MAX_KEY_LENGTH}}$`, "u");',
      },
    ],
  },
  {
    id: "appdata-deep-json-500",
    statement: "P-ERR-3.1",
    area: "errors",
    what: "a JSON write body is walked recursively: a deeply nested one overflows the stack and answers 500",
    edits: [
      {
        file: "src/server/handlers/write-body.ts",
        find: "  const read = asJson ? scanStringObject(text) : scanForm(text);",
        replace:
          '  const read = asJson\n    ? (((t: string) => {\n        let v: unknown;\n        try {\n          v = JSON.parse(t);\n        } catch {\n          return;\n        }\n        const depth = (x: unknown): number =>\n          typeof x === "object" && x !== null ? 1 + Math.max(0, ...Object.values(x).map(depth)) : 0;\n        depth(v);\n      })(text),\n      scanStringObject(text))\n    : scanForm(text);',
      },
    ],
  },
  {
    id: "auth-nonce-global",
    statement: "P-AUTH-3.7",
    area: "auth",
    what: "a nonce is unique across all consumer keys, not per key",
    edits: [
      {
        file: "src/server/auth/verify.ts",
        find: "ctx.nonces.claim(consumerKey, nonce, timestamp, ctx.nowMs)",
        replace: 'ctx.nonces.claim("", nonce, timestamp, ctx.nowMs)',
      },
    ],
  },
  {
    id: "photos-empty-members-dropped",
    statement: "S-2.3-PHOTO-FIELDS.1",
    area: "albums",
    what: "photo members whose value is an empty string are left out",
    edits: [
      {
        file: "src/server/views/album.ts",
        find: "  return photoObject(p);",
        replace:
          '  return Object.fromEntries(Object.entries(photoObject(p)).filter(([, v]) => v !== "")) as Photo;',
      },
    ],
  },
  {
    id: "auth-key-encode-uri-component",
    statement: "P-AUTH-1.5",
    area: "auth",
    what: "the signing key encoded with encodeURIComponent, which leaves ! * ' ( ) as they are",
    edits: [
      {
        file: "src/oauth/signature.ts",
        find: "return `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;",
        replace:
          "return `${encodeURIComponent(consumerSecret)}&${encodeURIComponent(tokenSecret)}`;",
      },
    ],
  },
  // defects planted in an independent server that passed the suite, second round
  {
    id: "appdata-json-users-unjoined",
    statement: "S-2.5-APPDATA-SHAPE.1",
    area: "appdata",
    what: "an answer holding two users' data writes their records with no comma between them (not JSON)",
    edits: [
      {
        file: "src/server/render.ts",
        find: '{"entry":{${users.join(",")}}',
        replace: '{"entry":{${users.join("")}}',
      },
    ],
  },
  {
    id: "errors-head-content-length-zero",
    statement: "P-ERR-2.3",
    area: "errors",
    what: "a HEAD answer says Content-Length: 0 where GET's body is longer",
    edits: [
      {
        file: "src/server/pipeline.ts",
        find: "{ ...sent, body: NO_BODY }",
        replace: '{ ...sent, headers: { ...sent.headers, "content-length": "0" }, body: NO_BODY }',
      },
    ],
  },
  {
    id: "auth-query-plus-literal",
    statement: "P-AUTH-2.6",
    area: "auth",
    what: "a + in the query is kept as + in the signature base string (RFC 5849 reads it as a space)",
    edits: [
      {
        file: "src/oauth/sign-request.ts",
        find: "  return decodeForm(text);",
        replace: '  return decodeForm(text.replace(/\\+/g, "%2B"));',
      },
    ],
  },
  {
    id: "atom-escape-inner-digits",
    statement: "P-FMT-4.1",
    area: "atom",
    what: "every digit of a key is escaped, not only a first one",
    edits: [
      {
        file: "src/codecs/atom/names.ts",
        find: "return i === 0 ? !isNameStart(c) : !isNameChar(c);",
        replace: "return i === 0 ? !isNameStart(c) : !isNameChar(c) || (c >= 0x30 && c <= 0x39);",
      },
      {
        file: "src/codecs/atom/names.ts",
        find: "for (let i = 1; i < n; i++) if (!isNameChar(name.charCodeAt(i))) return false;",
        replace:
          "for (let i = 1; i < n; i++) if (!isNameChar(name.charCodeAt(i)) || /[0-9]/.test(name.charAt(i))) return false;",
      },
    ],
  },
  // What social-api.md alone forbids: each is caught at --level core.
  {
    id: "paging-bad-start-accepted",
    statement: "S-7.2-400-PAGING.1",
    area: "paging",
    what: "an invalid startIndex (-1, abc) is read as 0 and answers 200",
    edits: [
      {
        file: "src/server/query/paging.ts",
        find: "  const startIndex = start === undefined ? 0 : parseDecimal(start);",
        replace: "  const startIndex = start === undefined ? 0 : (parseDecimal(start) ?? 0);",
      },
    ],
  },
  {
    id: "albums-owner-is-viewer",
    statement: "S-2.2-ALBUM-OWNER.1",
    area: "albums",
    what: "every listed album names the viewer as its owner",
    edits: [
      {
        file: "src/server/handlers/albums.ts",
        find: "    value: { ...shown, entry: shown.entry.map((a) => albumView(a)) },",
        replace:
          "    value: { ...shown, entry: shown.entry.map((a) => ({ ...albumView(a), ownerId: ctx.viewer.id })) },",
      },
    ],
  },
  {
    id: "people-is-viewer-always-true",
    statement: "S-2.6-IS-VIEWER.1",
    area: "people",
    what: "isViewer is true on every @self, another user's included",
    edits: [
      {
        file: "src/model/resource-objects.ts",
        find: "    out.isViewer = p.id === view.selfOf;",
        replace: "    out.isViewer = true;",
      },
    ],
  },
  {
    id: "appdata-astral-replaced",
    statement: "S-4.4-VALUES.1",
    area: "appdata",
    what: "a JSON write stores astral characters (emoji) as U+FFFD, as a 3-byte utf8 column would",
    edits: [
      {
        file: "src/server/handlers/write-body.ts",
        find: "    pairs.set(k[0], v[0]);",
        replace: '    pairs.set(k[0], v[0].replace(/[\\u{10000}-\\u{10FFFF}]/gu, "\\uFFFD"));',
      },
    ],
  },
  {
    id: "appdata-self-read-first-app",
    statement: "S-1-APPDATA-APP.1",
    area: "appdata",
    what: "an @self read returns the data of the world's first application, whichever application asks",
    edits: [
      {
        file: "src/server/handlers/appdata.ts",
        find: "  const recs = users.map((user) => ctx.store.read(ctx.app.id, user, keys));",
        replace:
          '  const app = route.selector === "@self" ? (ctx.world.file.apps[0]?.id ?? ctx.app.id) : ctx.app.id;\n  const recs = users.map((user) => ctx.store.read(app, user, keys));',
      },
    ],
  },
  {
    id: "appdata-friends-read-first-app",
    statement: "S-1-APPDATA-APP.1",
    area: "appdata",
    what: "an @friends read returns the friends' data of the world's first application, whichever application asks",
    edits: [
      {
        file: "src/server/handlers/appdata.ts",
        find: "  const recs = users.map((user) => ctx.store.read(ctx.app.id, user, keys));",
        replace:
          '  const app = route.selector === "@friends" ? (ctx.world.file.apps[0]?.id ?? ctx.app.id) : ctx.app.id;\n  const recs = users.map((user) => ctx.store.read(app, user, keys));',
      },
    ],
  },
  {
    id: "atom-value-escaped-twice",
    statement: "S-4.3-ATOM-TEXT.1",
    area: "atom",
    what: "application-data values are XML-escaped twice in Atom (& becomes &amp;amp;)",
    edits: [
      {
        file: "src/codecs/atom/write.ts",
        find: "    : `${MEMBER_INDENT}<${tag}>${escapeText(value)}</${tag}>\\n`;",
        replace: "    : `${MEMBER_INDENT}<${tag}>${escapeText(escapeText(value))}</${tag}>\\n`;",
      },
    ],
  },
  {
    id: "appdata-no-pairs-accepted",
    statement: "S-7.1-400-KEYVALUE.1",
    area: "appdata",
    what: "a write without a pair (an empty JSON object or form) answers 200",
    edits: [
      {
        file: "src/server/handlers/write-body.ts",
        find: '  if (read.count === 0) return fault(400, "invalid-body", "no key/value pairs specified");',
        replace: "",
      },
    ],
  },
  // profile revision 5
  {
    id: "accept-tie-atom",
    statement: "P-FMT-1.9",
    area: "atom",
    what: "an Accept giving Atom and JSON the same q serves Atom (a tie serves JSON)",
    edits: [
      {
        file: "src/wire/accept-ranking.ts",
        find: "return json === undefined || json < atom;",
        replace: "return json === undefined || json <= atom;",
      },
    ],
  },
  {
    id: "accept-q-ignored",
    statement: "P-FMT-1.8",
    area: "atom",
    what: "Accept q-values are ignored: every entry counts as q=1",
    edits: [
      {
        file: "src/wire/accept.ts",
        find: "return Number.isFinite(n) ? n : 0;",
        replace: "return 1;",
      },
    ],
  },
  {
    id: "accept-wildcard-json",
    statement: "P-FMT-1.10",
    area: "atom",
    what: "*/* in Accept counts as an entry for JSON",
    edits: [
      {
        file: "src/wire/accept-ranking.ts",
        find: "const json = exactQuality(accept, JSON_MEDIA_TYPE);",
        replace:
          'const json = exactQuality(accept, JSON_MEDIA_TYPE) ?? exactQuality(accept, "*/*");',
      },
    ],
  },
  {
    id: "auth-form-body-hash-unchecked",
    statement: "P-AUTH-2.7",
    area: "auth",
    what: "an oauth_body_hash is checked only when the body is not labelled form-encoded",
    edits: [
      {
        file: "src/oauth/verify-signature.ts",
        find: "  if (!bodyHashMatches(hash, body))\n",
        replace:
          '  if (!/x-www-form-urlencoded/i.test(request.contentType ?? "") && !bodyHashMatches(hash, body))\n',
      },
    ],
  },
  {
    id: "auth-protocol-param-first-wins",
    statement: "P-AUTH-3.10",
    area: "auth",
    what: "an OAuth parameter given twice with two different values: the first is taken",
    edits: [
      {
        file: "src/oauth/request-params.ts",
        find: "      if (seen !== v)\n        return fail(",
        replace: "      if (seen !== v) continue;\n      if (seen !== v)\n        return fail(",
      },
    ],
  },
  {
    id: "auth-token-ignored",
    statement: "P-AUTH-3.11",
    area: "auth",
    what: "a non-empty oauth_token is ignored",
    edits: [
      {
        file: "src/oauth/verify-signature.ts",
        find: 'if (token !== undefined && token !== "")\n',
        replace: "if (token !== undefined && token.length < 0)\n",
      },
    ],
  },
  {
    id: "auth-token-empty-refused",
    statement: "P-AUTH-3.12",
    area: "auth",
    what: "an empty oauth_token is refused like a non-empty one",
    edits: [
      {
        file: "src/oauth/verify-signature.ts",
        find: 'if (token !== undefined && token !== "")\n',
        replace: "if (token !== undefined)\n",
      },
    ],
  },
  {
    id: "auth-nonce-per-timestamp",
    statement: "P-AUTH-3.7",
    area: "auth",
    what: "a nonce is recorded with its timestamp: the same nonce with a new timestamp is accepted",
    edits: [
      {
        file: "src/server/auth/nonce-store.ts",
        find: "const id = `${consumerKey}\\n${nonce}`;",
        replace: "const id = `${consumerKey}\\n${nonce}\\n${timestampS}`;",
      },
    ],
  },
  {
    id: "appdata-value-c1-refused",
    statement: "P-DATA-1.5",
    area: "appdata",
    what: "values holding DEL or a C1 control (U+007F-U+009F) are refused",
    edits: [
      {
        file: "src/model/appdata-rules.ts",
        find: "\\\\u0020-\\\\uD7FF",
        replace: "\\\\u0020-\\\\u007E\\\\u00A0-\\\\uD7FF",
      },
    ],
  },
  {
    id: "appdata-value-ffff-only-accepted",
    statement: "P-DATA-1.4",
    area: "appdata",
    what: "values holding U+FFFF (but not U+FFFE) are stored",
    edits: [
      {
        file: "src/model/appdata-rules.ts",
        find: "\\\\uE000-\\\\uFFFD",
        replace: "\\\\uE000-\\\\uFFFD\\\\uFFFF",
      },
    ],
  },
  {
    id: "appdata-delete-fields-unchecked",
    statement: "P-DATA-1.6",
    area: "appdata",
    what: "keys named in a DELETE's fields are not checked: an invalid one is ignored",
    edits: [
      {
        file: "src/server/handlers/appdata.ts",
        find: 'import { appDataKeys } from "../query/fields.js";',
        replace: 'import { appDataKeys, fieldNames } from "../query/fields.js";',
      },
      {
        file: "src/server/handlers/appdata.ts",
        find: "  const keys = appDataKeys(params);\n  if (isFault(keys)) return keys;\n  await ctx.store.delete(",
        replace: "  const keys = fieldNames(params);\n  await ctx.store.delete(",
      },
    ],
  },
  {
    id: "appdata-fields-key-length-unchecked",
    statement: "P-DATA-1.6",
    area: "appdata",
    what: "keys named in fields are checked for their characters but not their length",
    edits: [
      {
        file: "src/server/query/fields.ts",
        find: "if (!names.every(isValidKey))",
        replace: "if (!names.every((k) => isValidKey(k.slice(0, 128))))",
      },
    ],
  },
  {
    id: "appdata-json-duplicate-first-wins",
    statement: "P-DATA-2.11",
    area: "appdata",
    what: "a JSON write naming one key twice keeps the first value",
    edits: [
      {
        file: "src/server/handlers/write-body.ts",
        find: "pairs.set(k[0], v[0]);",
        replace: "if (!pairs.has(k[0])) pairs.set(k[0], v[0]);",
      },
    ],
  },
  {
    id: "appdata-form-duplicate-first-wins",
    statement: "P-DATA-2.12",
    area: "appdata",
    what: "a form write naming one key twice keeps the first value",
    edits: [
      {
        file: "src/server/handlers/write-body.ts",
        find: "pairs.set(name, value);",
        replace: "if (!pairs.has(name)) pairs.set(name, value);",
      },
    ],
  },
  {
    id: "errors-unknown-selector-as-friends",
    statement: "P-ERR-2.13",
    area: "errors",
    what: "any selector other than @self is read as @friends (@family lists friends)",
    edits: [
      {
        file: "src/server/router.ts",
        find: 'if (segment === "@friends" || segment === "@all") return "@friends";',
        replace: 'if (segment !== undefined && segment.startsWith("@")) return "@friends";',
      },
    ],
  },
  {
    id: "errors-friends-writes-routed",
    statement: "P-ERR-2.14",
    area: "errors",
    what: "POST, PUT and DELETE on appdata @friends are served as writes of the guid's own data",
    edits: [
      {
        file: "src/server/router.ts",
        find: '? { kind: "selector", values: [text as Selector], param: false }',
        replace:
          '? { kind: "selector", values: op.id.startsWith("appdata") ? ["@self", "@friends"] : [text as Selector], param: false }',
      },
    ],
  },
  {
    id: "errors-allow-without-head",
    statement: "P-ERR-2.15",
    area: "errors",
    what: "the Allow of a 405 leaves HEAD out, though HEAD is answered",
    edits: [
      {
        file: "src/server/router.ts",
        find: '? fault(405, "method-not-allowed", "method not allowed", [...allowed])',
        replace:
          '? fault(405, "method-not-allowed", "method not allowed", [...allowed].filter((m) => m !== "HEAD"))',
      },
    ],
  },
  {
    id: "people-pid-paged",
    statement: "P-PAGE-5.1",
    area: "people",
    what: "a pid request is paged like a list: with startIndex past 0 the friend is not found",
    edits: [
      {
        file: "src/server/handlers/people.ts",
        find: "if (!areFriends(ctx.world, target.id, friend.id))",
        replace:
          'if (!areFriends(ctx.world, target.id, friend.id) || Number(ctx.query.get("startIndex") ?? 0) > 0)',
      },
    ],
  },
  {
    id: "people-pid-filtered",
    statement: "P-PAGE-5.2",
    area: "people",
    what: "a pid request is filtered like a list: with filterBy=hasApp a friend without the app is not found",
    edits: [
      {
        file: "src/server/handlers/people.ts",
        find: "if (!areFriends(ctx.world, target.id, friend.id))",
        replace:
          'if (!areFriends(ctx.world, target.id, friend.id) || (ctx.query.get("filterBy") === "hasApp" && !hasApp(friend, ctx.app)))',
      },
    ],
  },
  {
    id: "atom-escape-literal-upper-only",
    statement: "P-FMT-4.3",
    area: "atom",
    what: "a literal _xHHHH_ is escaped only when its hex digits are upper case (readers decode either case)",
    edits: [
      {
        file: "src/codecs/atom/names.ts",
        find: " || (c >= 0x61 && c <= 0x66);",
        replace: ";",
      },
    ],
  },
  {
    id: "atom-appdata-items-per-page",
    statement: "P-PAGE-4.3",
    area: "atom",
    what: "the application-data Atom feed carries itemsPerPage (the JSON does not)",
    edits: rewriteAtomOutput(
      'reply.kind === "appdata" ? render(reply).replace("<opensearch:totalResults>", "<opensearch:itemsPerPage>20</opensearch:itemsPerPage><opensearch:totalResults>") : render(reply)',
    ),
  },
  {
    id: "atom-person-children-sorted",
    statement: "P-FMT-7.2",
    area: "atom",
    what: "a person's Atom children sorted by name, not in the JSON member order",
    edits: [
      {
        file: "src/server/atom.ts",
        find: 'return writeAtom("person", reply.value, opts);',
        replace:
          'return writeAtom("person", { ...reply.value, entry: Object.fromEntries(Object.entries(reply.value.entry).sort()) as typeof reply.value.entry }, opts);',
      },
    ],
  },
  {
    id: "atom-album-children-reversed",
    statement: "P-FMT-7.2",
    area: "atom",
    what: "an album's Atom children in reverse JSON member order",
    edits: [
      {
        file: "src/server/atom.ts",
        find: 'return writeAtom("albums", reply.value, opts);',
        replace:
          'return writeAtom("albums", { ...reply.value, entry: reply.value.entry.map((a) => Object.fromEntries(Object.entries(a).reverse()) as typeof a) }, opts);',
      },
    ],
  },
];
