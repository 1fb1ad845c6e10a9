/**
 * Runs one fuzz operation against a target: builds its request(s) as the target's own users
 * and apps, sends them, and (when judging) holds each answer to the model — the status, the
 * data of a read in JSON and then in Atom (JSON ↔ Atom consistency on every read) — and
 * updates the application-data model with what a correct server stored.
 */
import { randomBytes } from "node:crypto";
import { KEY_PATTERN } from "../../model/appdata-rules.js";
import {
  MAX_BODY_BYTES,
  MAX_KEY_LENGTH,
  MAX_VALUE_CODE_POINTS,
  PAIR_LIMIT,
} from "../../model/limits.js";
import { percentEncode } from "../../oauth/index.js";
import { listTokens } from "../../wire/header-list.js";
import type { AuthSpec, Level } from "../case-types.js";
import { LONGEST_VALUE } from "./alphabet.js";
import type { AppDataModel } from "./appdata-model.js";
import { judgeAtomRead } from "./atom-check.js";
import { type Expected, expectRead, type Paging, type Read } from "./expected.js";
import { FuzzFailure, judgeJsonRead, judgeStatus, mediaType } from "./judge.js";
import type { AtomAsk, BadWrite, GuidForm, Op, Writer } from "./ops.js";
import type { Answer, FuzzRequest, Wire } from "./wire.js";
import type { FuzzWorld } from "./world.js";

/** What running an operation needs. */
export interface FuzzContext {
  readonly world: FuzzWorld;
  readonly wire: Wire;
  readonly level: Level;
  /** The run's owned key prefix. */
  readonly prefix: string;
  /** Users by index: the viewer first, the scratch user, the rest of the world, an unknown id. */
  readonly users: readonly string[];
  /** user → every key sent to that user's record (clean-up deletes them). */
  readonly touched: Map<string, Set<string>>;
  /** False in a differential run: send only, judge nothing. */
  readonly judge: boolean;
}

/** The user list of {@link FuzzContext.users}. */
export function fuzzUsers(world: FuzzWorld): string[] {
  const rest = [...world.people.keys()]
    .filter((id) => id !== world.viewer && id !== world.scratch)
    .sort();
  return [
    world.viewer,
    ...(world.scratch ? [world.scratch] : []),
    ...rest,
    `${world.namespace}:no-such-user-fz`,
  ];
}

const enc = new TextEncoder();
/** A key the write path accepts (P-DATA-1): only those can be named in `fields`. */
export const OWNED_KEY = KEY_PATTERN;
const APPDATA = "/os/0.8/appdata";

/** A read's paging parameters, in the order they are sent. */
function pagingQuery(paging: Paging): [string, string][] {
  const query: [string, string][] = [];
  if (paging.startIndex !== undefined) query.push(["startIndex", paging.startIndex]);
  if (paging.count !== undefined) query.push(["count", paging.count]);
  return query;
}

function guidText(form: GuidForm, id: string, as: string): string {
  if (form === "me" && id === as) return "@me";
  if (form === "bare") return id.slice(id.indexOf(":") + 1);
  return id;
}

function jsonBody(pairs: readonly (readonly [string, string])[]): {
  bytes: Uint8Array;
  contentType: string;
} {
  const text = `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(",")}}`;
  return { bytes: enc.encode(text), contentType: "application/json" };
}

function formBody(pairs: readonly (readonly [string, string])[]): {
  bytes: Uint8Array;
  contentType: string;
} {
  const text = pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join("&");
  return { bytes: enc.encode(text), contentType: "application/x-www-form-urlencoded" };
}

/** Runs `op`; returns every answer, in order. Throws {@link FuzzFailure} when judging fails. */
export async function execute(op: Op, data: AppDataModel, ctx: FuzzContext): Promise<Answer[]> {
  const { world } = ctx;
  const answers: Answer[] = [];
  const who = (i: number) => ctx.users[i % ctx.users.length] ?? world.viewer;
  const writerId = (w: Writer) =>
    w === "scratch" ? (world.scratch ?? world.viewer) : world.viewer;
  const touch = (user: string, keys: Iterable<string>) => {
    const set = ctx.touched.get(user) ?? new Set<string>();
    ctx.touched.set(user, set);
    for (const k of keys) set.add(k);
  };
  const send = async (req: FuzzRequest, expected?: Expected): Promise<Answer> => {
    const a = await ctx.wire.send(req);
    answers.push(a);
    if (ctx.judge && expected) judgeStatus(a, expected, ctx.level);
    return a;
  };
  const refused = (status: number, statement: string): Expected => ({ status, statement });
  // P-DATA-1: a key has at most 128 characters; a long tail is cut after the prefix.
  const key = (tail: string) => `${ctx.prefix}${tail}`.slice(0, MAX_KEY_LENGTH);

  switch (op.t) {
    case "write": {
      const user = writerId(op.writer);
      const pairs = op.pairs.map(([k, v]) => [key(k), v] as const);
      touch(
        user,
        pairs.map(([k]) => k),
      );
      const body =
        op.encoding === "form"
          ? formBody(pairs)
          : op.encoding === "json-as-form"
            ? { ...jsonBody(pairs), contentType: "application/x-www-form-urlencoded" }
            : jsonBody(pairs);
      const hashed = op.encoding === "json-as-form" || (op.bodyHash && op.encoding === "json");
      const auth: AuthSpec = hashed ? { mode: "valid", body: "hash" } : { mode: "valid" };
      const over = data.exceedsLimit(world.mainApp, user, pairs);
      const a = await send(
        {
          method: "POST",
          path: `${APPDATA}/${guidText(op.guid, user, user)}/@self/@app`,
          body,
          as: user,
          auth,
        },
        over
          ? { status: 400, statement: "P-DATA-7" }
          : // A valid write refused 400 most likely judged a key or value invalid (P-DATA-1), or
            // (labelled form, signed by its hash) the signature (P-AUTH-6).
            {
              status: 200,
              statement: "S-4.4-WRITE",
              byStatus: {
                400: op.encoding === "json-as-form" ? "P-AUTH-6" : "P-DATA-1",
                403: "S-4.4-OWN-ONLY",
              },
            },
      );
      if (a.status === 200) data.write(world.mainApp, user, pairs);
      if (op.verify) await readBack(user);
      break;
    }
    case "fill-record": {
      // P-DATA-7: up to six writes of 15 longest values (just under 1 MiB each) to the scratch
      // record; the model says which one crosses 4 MiB, and that one must be refused and change
      // nothing. Then the fill is read back (two keys) and deleted, so later reads stay small.
      const user = world.scratch;
      if (!user) break;
      const sent: string[] = [];
      let refusedKey: string | undefined;
      for (let w = 0; w < 6 && refusedKey === undefined; w++) {
        const pairs = Array.from(
          { length: 15 },
          (_, i) => [key(`fill${w}_${i}`), "v".repeat(MAX_VALUE_CODE_POINTS)] as const,
        );
        touch(
          user,
          pairs.map(([k]) => k),
        );
        sent.push(...pairs.map(([k]) => k));
        const over = data.exceedsLimit(world.mainApp, user, pairs);
        const a = await send(
          { method: "POST", path: `${APPDATA}/@me/@self/@app`, body: jsonBody(pairs), as: user },
          { status: over ? 400 : 200, statement: "P-DATA-7" },
        );
        if (a.status === 200) data.write(world.mainApp, user, pairs);
        if (over) refusedKey = pairs[0]?.[0];
      }
      const probe = [sent[0] ?? "", ...(refusedKey ? [refusedKey] : [])];
      await readBoth(
        {
          method: "GET",
          path: `${APPDATA}/@me/@self/@app`,
          query: [["fields", probe.join(",")]],
          as: user,
        },
        { op: "appdata", as: user, app: "main", user, selector: "@self", fields: probe },
        "format",
      );
      await send(
        {
          method: "DELETE",
          path: `${APPDATA}/@me/@self/@app`,
          query: [["fields", sent.join(",")]],
          as: user,
        },
        { status: 200, statement: "S-4.5-DELETE-FIELDS" },
      );
      data.delete(world.mainApp, user, sent);
      break;
    }
    case "write-99": {
      const user = writerId(op.writer);
      const pairs = Array.from({ length: 99 }, (_, i) => [key(`n${i}`), `v${i}`] as const);
      touch(
        user,
        pairs.map(([k]) => k),
      );
      const a = await send(
        { method: "POST", path: `${APPDATA}/@me/@self/@app`, body: jsonBody(pairs), as: user },
        refused(200, "P-DATA-3"),
      );
      if (a.status === 200) data.write(world.mainApp, user, pairs);
      break;
    }
    case "write-longest": {
      const pairs = [[key("long"), LONGEST_VALUE]] as const;
      touch(world.viewer, [key("long")]);
      const a = await send(
        { method: "POST", path: `${APPDATA}/@me/@self/@app`, body: jsonBody(pairs) },
        refused(200, "P-DATA-1"),
      );
      if (a.status === 200) data.write(world.mainApp, world.viewer, pairs);
      break;
    }
    case "bad-write":
      await badWrite(op.bad, ctx, send, touch, who, key);
      break;
    case "delete": {
      const user = writerId(op.writer);
      const whole = op.keys === "all" || op.keys === "empty";
      if (whole && user !== world.scratch) {
        // The viewer's record holds data the fuzzer does not own: delete only its own keys there.
        const mine = [...(ctx.touched.get(user) ?? [])]
          .filter((k) => OWNED_KEY.test(k) && k.startsWith(ctx.prefix))
          .slice(0, 90);
        if (mine.length === 0) break;
        await send(
          {
            method: "DELETE",
            path: `${APPDATA}/@me/@self/@app`,
            query: [["fields", mine.join(",")]],
            as: user,
          },
          refused(200, "S-4.5-DELETE-FIELDS"),
        );
        data.delete(world.mainApp, user, mine);
        break;
      }
      const keys = Array.isArray(op.keys) ? op.keys.map(key) : undefined;
      const query: [string, string][] =
        op.keys === "empty" ? [["fields", ""]] : keys ? [["fields", keys.join(",")]] : [];
      const a = await send(
        {
          method: "DELETE",
          path: `${APPDATA}/${guidText(op.guid, user, user)}/@self/@app`,
          query,
          as: user,
        },
        refused(
          200,
          keys ? "S-4.5-DELETE-FIELDS" : op.keys === "empty" ? "P-DATA-5" : "S-4.5-DELETE-ALL",
        ),
      );
      if (a.status === 200) data.delete(world.mainApp, user, keys);
      if (op.verify) await readBack(user);
      break;
    }
    case "delete-other": {
      const other = who(op.who) === world.viewer ? who(op.who + 1) : who(op.who);
      await send(
        { method: "DELETE", path: `${APPDATA}/${other}/@self/@app`, query: [["fields", key("a")]] },
        refused(403, "S-4.5-OWN-ONLY"),
      );
      break;
    }
    case "fields-100": {
      const fields = Array.from({ length: PAIR_LIMIT }, (_, i) => key(`f${i}`)).join(",");
      await send(
        { method: op.method, path: `${APPDATA}/@me/@self/@app`, query: [["fields", fields]] },
        refused(400, "P-DATA-3"),
      );
      break;
    }
    case "read-appdata": {
      const as = who(op.as);
      const user = who(op.who);
      const app = op.app === "main" ? world.mainApp : world.otherApp;
      let fields: string[] | undefined;
      if (op.fields) {
        fields = op.fields.tails.map(key);
        if (op.fields.seeded) {
          const owners = op.selector === "@self" ? [user] : world.friendsOf(user);
          for (const o of owners)
            for (const [k] of world.appdata.get(app)?.get(o) ?? []) fields.push(k);
        }
        fields = [...new Set(fields)];
      }
      const read: Read = {
        op: "appdata",
        as,
        app: op.app,
        user,
        selector: op.selector,
        ...(fields ? { fields } : {}),
      };
      const query: [string, string][] = fields ? [["fields", fields.join(",")]] : [];
      query.push(...pagingQuery(op.paging));
      await readBoth(
        {
          method: "GET",
          path: `${APPDATA}/${guidText(op.guid, user, as)}/${op.selector}/@app`,
          query,
          as,
          app: op.app,
        },
        read,
        op.atom,
      );
      break;
    }
    case "read-people": {
      const as = who(op.as);
      const user = who(op.who);
      const pid = op.pid === undefined ? undefined : who(op.pid);
      const query: [string, string][] = [];
      if (op.fields) query.push(["fields", op.fields.join(",")]);
      if (op.filterBy !== undefined) query.push(["filterBy", op.filterBy]);
      query.push(...pagingQuery(op.paging));
      const read: Read = {
        op: "people",
        as,
        user,
        selector: op.selector,
        ...(pid !== undefined ? { pid } : {}),
        ...(op.fields ? { fields: op.fields } : {}),
        ...(op.filterBy !== undefined ? { filterBy: op.filterBy } : {}),
        paging: op.paging,
      };
      const path = `/os/0.8/people/${guidText(op.guid, user, as)}/${op.selector}${pid !== undefined ? `/${pid}` : ""}`;
      await readBoth({ method: "GET", path, query, as }, read, op.atom);
      break;
    }
    case "read-albums": {
      const as = who(op.as);
      const user = who(op.who);
      const query: [string, string][] = [];
      if (op.visibility !== undefined) query.push(["visibility", op.visibility]);
      query.push(...pagingQuery(op.paging));
      const read: Read = {
        op: "albums",
        as,
        user,
        ...(op.visibility !== undefined ? { visibility: op.visibility } : {}),
        paging: op.paging,
      };
      await readBoth(
        { method: "GET", path: `/os/0.8/albums/${guidText(op.guid, user, as)}/@self`, query, as },
        read,
        op.atom,
      );
      break;
    }
    case "read-photos": {
      const as = who(op.as);
      const album = world.albums[op.album % (world.albums.length + 1)];
      const albumId = album?.id ?? `${world.namespace}:no-such-album-fz`;
      const user = op.who !== undefined && op.who % 3 === 0 ? who(op.who) : (album?.ownerId ?? as);
      const query: [string, string][] = [];
      query.push(...pagingQuery(op.paging));
      const read: Read = { op: "photos", as, user, albumId, paging: op.paging };
      await readBoth(
        {
          method: "GET",
          path: `/os/0.8/mediaitems/${guidText(op.guid, user, as)}/@self/${albumId}`,
          query,
          as,
        },
        read,
        op.atom,
      );
      break;
    }
    case "probe":
      await probe(op.probe);
      break;
  }
  return answers;

  /** The writer's own record, read at once after a write or delete (JSON and Atom). */
  async function readBack(user: string): Promise<void> {
    const read: Read = { op: "appdata", as: user, app: "main", user, selector: "@self" };
    await readBoth({ method: "GET", path: `${APPDATA}/@me/@self/@app`, as: user }, read, "format");
  }

  async function readBoth(req: FuzzRequest, read: Read, atom: AtomAsk): Promise<void> {
    const expected = expectRead(world, data, read);
    const a = await send(req, expected);
    if (!ctx.judge || a.status !== 200) {
      if (!ctx.judge) await send(atomForm(req, atom));
      return;
    }
    const json = judgeJsonRead(a, expected, ctx.level);
    judgeAtomRead(await send(atomForm(req, atom)), expected, ctx.level, json);
  }

  async function probe(
    p: Op & { t: "probe" } extends { probe: infer P } ? P : never,
  ): Promise<void> {
    const self = `/os/0.8/people/@me/@self`;
    const selfRead: Read = {
      op: "people",
      as: world.viewer,
      user: world.viewer,
      selector: "@self",
      paging: {},
    };
    const auth400: Record<string, [AuthSpec["mode"], string]> = {
      "wrong-secret": ["wrong-secret", "S-5-AUTH"],
      "bad-signature": ["bad-signature", "S-5-AUTH"],
      unsigned: ["none", "S-5-AUTH"],
      stale: ["stale-timestamp", "P-AUTH-3"],
      replayed: ["replayed-nonce", "P-AUTH-3"],
      "unknown-consumer": ["unknown-consumer", "P-AUTH-3"],
    };
    const fixed = auth400[p];
    if (fixed) {
      // §5: invalid authentication is 400 (a 401, RFC 5849's answer, breaks §5 itself).
      await send(
        { method: "GET", path: self, auth: { mode: fixed[0] } },
        { status: 400, statement: fixed[1], byStatus: { 401: "S-5-AUTH" } },
      );
      return;
    }
    const paths: Record<string, [string, number, string]> = {
      "no-selector-people": ["/os/0.8/people/@me", 403, "S-7.2-403-NO-SELECTOR"],
      "no-selector-appdata": [`${APPDATA}/@me`, 403, "S-7.1-403-NO-SELECTOR"],
      "no-guid-people": ["/os/0.8/people", 400, "S-7.2-400-NO-TARGET"],
      "no-guid-appdata": [APPDATA, 400, "S-7.1-400-NO-TARGET"],
      "unknown-path": ["/os/0.8/nothing/@me/@self", 404, "P-ERR-2"],
      "empty-segment": ["/os/0.8/people/@me//@self", 404, "P-ERR-2"],
      // P-ERR-2 (rev. 5): a selector that is not the operation's is an unknown path.
      "unknown-selector": [`${APPDATA}/@me/@family/@app`, 404, "P-ERR-2"],
    };
    const path = paths[p];
    if (path) {
      await send({ method: "GET", path: path[0] }, refused(path[1], path[2]));
      return;
    }
    switch (p) {
      case "unknown-requestor":
        await send(
          { method: "GET", path: self, as: `${world.namespace}:no-such-user-fz` },
          refused(400, "P-AUTH-3"),
        );
        return;
      case "nonce-other-app": {
        // P-AUTH-3: a nonce is recorded per consumer key; another app may use the same one.
        const nonce = `fz${Math.random().toString(36).slice(2, 14)}`;
        const first = await send(
          { method: "GET", path: self, nonce },
          { ...expectRead(world, data, selfRead), statement: "P-AUTH-3" },
        );
        if (first.status === 200 && world.people.get(world.viewer)?.apps.includes(world.otherApp))
          await send(
            { method: "GET", path: self, nonce, app: "other" },
            { status: 200, statement: "P-AUTH-3" },
          );
        return;
      }
      case "head": {
        // P-ERR-2: HEAD is answered wherever GET is, with GET's status and no body.
        const a = await send({ method: "HEAD", path: self }, { status: 200, statement: "P-ERR-2" });
        if (ctx.judge && a.body.length > 0)
          throw new FuzzFailure({ statement: "P-ERR-2", path: "body", code: "head-body" }, a);
        return;
      }
      case "wrong-method": {
        const a = await send({ method: "PATCH", path: self }, refused(405, "P-ERR-2"));
        // P-ERR-2: Allow lists every method the path answers, HEAD wherever GET (a writers'
        // rule, profile revision 5).
        const allow = listTokens(a.headers.allow);
        const listed = ctx.level === "profile" ? ["GET", "HEAD"] : [];
        if (ctx.judge && (!a.headers.allow || listed.some((m) => !allow.includes(m))))
          throw new FuzzFailure(
            { statement: "P-ERR-2", path: "header:allow", code: "allow-missing" },
            a,
          );
        return;
      }
      case "token":
        // P-AUTH-3 (rev. 5): a non-empty oauth_token is refused.
        await send(
          { method: "GET", path: self, auth: { mode: "valid", protocol: { oauth_token: "fz" } } },
          refused(400, "P-AUTH-3"),
        );
        return;
      case "param-twice":
        // P-AUTH-3 (rev. 5): a protocol parameter given twice with two values, both signed.
        await send(
          {
            method: "GET",
            path: self,
            rawQuery: `oauth_nonce=fz${randomBytes(6).toString("hex")}`,
          },
          refused(400, "P-AUTH-3"),
        );
        return;
      case "nonce-retimed": {
        // P-AUTH-3: the pair is consumer key and nonce; a new timestamp does not renew it.
        const nonce = `fz${randomBytes(9).toString("hex")}`;
        const earlier = String(Math.floor(Date.now() / 1000) - 1);
        const first = await send(
          {
            method: "GET",
            path: self,
            nonce,
            auth: { mode: "valid", protocol: { oauth_timestamp: earlier } },
          },
          { ...expectRead(world, data, selfRead), statement: "P-AUTH-3" },
        );
        if (first.status === 200)
          await send({ method: "GET", path: self, nonce }, refused(400, "P-AUTH-3"));
        return;
      }
      case "fields-129":
        // P-DATA-1 (rev. 5): a key named in fields follows the key rules, its length included.
        await send(
          {
            method: "GET",
            path: `${APPDATA}/@me/@self/@app`,
            query: [
              ["fields", `${ctx.prefix}${"f".repeat(MAX_KEY_LENGTH)}`.slice(0, MAX_KEY_LENGTH + 1)],
            ],
          },
          refused(400, "P-DATA-1"),
        );
        return;
      case "accept-tie":
      case "accept-ranked":
      case "accept-wildcard": {
        // P-FMT-1 (rev. 5): Accept ranked by q for the two types alone; a tie serves JSON,
        // wildcards give neither an entry. The ranking is profile: core sends nothing.
        if (ctx.level !== "profile") return;
        const accept = {
          "accept-tie": "application/atom+xml, application/json",
          "accept-ranked": "application/json;q=0.5, application/atom+xml",
          "accept-wildcard": "*/*, application/atom+xml;q=0.5",
        }[p];
        const expected = { ...expectRead(world, data, selfRead), statement: "P-FMT-1" };
        const a = await send({ method: "GET", path: self, headers: { accept } }, expected);
        if (!ctx.judge) return;
        if (p === "accept-tie") {
          judgeJsonRead(a, expected, ctx.level);
          return;
        }
        if (a.status === 200 && mediaType(a) !== "application/atom+xml")
          throw new FuzzFailure(
            {
              statement: "P-FMT-1",
              path: "header:content-type",
              code: "atom-content-type",
              contentType: a.headers["content-type"],
            },
            a,
          );
        judgeAtomRead(a, expected, ctx.level);
        return;
      }
      case "token-empty":
        // P-AUTH-3 (rev. 5): an empty oauth_token, which some libraries send, is ignored.
        {
          const expected = { ...expectRead(world, data, selfRead), statement: "P-AUTH-3" };
          const a = await send(
            { method: "GET", path: self, auth: { mode: "valid", protocol: { oauth_token: "" } } },
            expected,
          );
          if (ctx.judge) judgeJsonRead(a, expected, ctx.level);
        }
        return;
      case "friends-write": {
        // P-ERR-2 (rev. 5): a write method on appdata @friends is a known path with another
        // method, 405 with Allow, before any permission check.
        const a = await send(
          {
            method: "DELETE",
            path: `${APPDATA}/@me/@friends/@app`,
            query: [["fields", key("fw")]],
          },
          refused(405, "P-ERR-2"),
        );
        if (ctx.judge && !a.headers.allow)
          throw new FuzzFailure(
            { statement: "P-ERR-2", path: "header:allow", code: "allow-missing" },
            a,
          );
        return;
      }
      case "bad-query":
        await send(
          { method: "GET", path: `${APPDATA}/@me/@self/@app`, rawQuery: "fields=%FF%FE" },
          refused(400, "P-DATA-2"),
        );
        return;
      case "bad-format":
        await send(
          { method: "GET", path: self, query: [["format", "xml"]] },
          refused(400, "P-FMT-1"),
        );
        return;
      default: {
        const variant: Record<string, [Partial<FuzzRequest>, string]> = {
          "raw-key": [{ auth: { mode: "valid", key: "raw" } }, "P-AUTH-6"],
          "query-oauth": [{ auth: { mode: "valid", placement: "query" } }, "P-AUTH-2"],
          "trailing-slash": [{ path: `${self}/` }, "P-ERR-2"],
          http10: [{ http10: true }, "P-AUTH-6"],
        };
        const [extra, statement] = variant[p] ?? [{}, "P-ERR-2"];
        const expected = { ...expectRead(world, data, selfRead), statement };
        const a = await send({ method: "GET", path: self, ...extra }, expected);
        if (ctx.judge) judgeJsonRead(a, expected, ctx.level);
      }
    }
  }
}

function atomForm(req: FuzzRequest, atom: AtomAsk): FuzzRequest {
  return atom === "format"
    ? { ...req, query: [...(req.query ?? []), ["format", "atom"]] }
    : { ...req, headers: { ...req.headers, accept: "application/atom+xml" } };
}

async function badWrite(
  bad: BadWrite,
  ctx: FuzzContext,
  send: (req: FuzzRequest, expected?: Expected) => Promise<Answer>,
  touch: (user: string, keys: Iterable<string>) => void,
  who: (i: number) => string,
  key: (tail: string) => string,
): Promise<void> {
  const viewer = ctx.world.viewer;
  const path = `${APPDATA}/@me/@self/@app`;
  const raw = (text: string, contentType = "application/json") => ({
    bytes: enc.encode(text),
    contentType,
  });
  const k = key("bw");
  touch(viewer, [k]);
  const expect400 = (statement: string): Expected => ({ status: 400, statement });
  switch (bad.kind) {
    case "bad-key": {
      const bk = bad.key === "" ? "" : `${ctx.prefix}${bad.key}`;
      touch(viewer, [bk]);
      await send({ method: "POST", path, body: jsonBody([[bk, "v"]]) }, expect400("P-DATA-1"));
      return;
    }
    case "bad-value":
      await send({ method: "POST", path, body: jsonBody([[k, bad.value]]) }, expect400("P-DATA-1"));
      return;
    case "empty-object":
      await send({ method: "POST", path, body: raw("{}") }, expect400("P-DATA-2"));
      return;
    case "non-object":
      await send(
        { method: "POST", path, body: raw(`[${JSON.stringify(k)}]`) },
        expect400("P-DATA-2"),
      );
      return;
    case "non-string":
      await send(
        { method: "POST", path, body: raw(`{${JSON.stringify(k)}:1}`) },
        expect400("P-DATA-2"),
      );
      return;
    case "malformed":
      await send(
        { method: "POST", path, body: raw(`{${JSON.stringify(k)}:`) },
        expect400("P-DATA-2"),
      );
      return;
    case "text-plain":
      await send(
        { method: "POST", path, body: raw(`{${JSON.stringify(k)}:"v"}`, "text/plain") },
        expect400("P-DATA-2"),
      );
      return;
    case "pairs-100": {
      const pairs = Array.from({ length: PAIR_LIMIT }, (_, i) => [key(`h${i}`), `v${i}`] as const);
      touch(
        viewer,
        pairs.map(([x]) => x),
      );
      await send({ method: "POST", path, body: jsonBody(pairs) }, expect400("P-DATA-3"));
      return;
    }
    case "too-large": {
      const filler = "x".repeat(MAX_BODY_BYTES + 16);
      await send(
        { method: "POST", path, body: raw(`{${JSON.stringify(k)}:"${filler}"}`) },
        { status: 413, statement: "P-ERR-4" },
      );
      return;
    }
    case "deep-json":
      await send(
        {
          method: "POST",
          path,
          body: raw(`{${JSON.stringify(k)}:${"[".repeat(20_000)}${"]".repeat(20_000)}}`),
        },
        expect400("P-DATA-2"),
      );
      return;
    case "form-hash-unsigned":
      // P-AUTH-6: a form body is signed as parameters; a body hash alone does not cover it.
      await send(
        { method: "POST", path, body: formBody([[k, "v"]]), auth: { mode: "valid", body: "hash" } },
        expect400("P-AUTH-6"),
      );
      return;
    case "form-hash-wrong":
    case "body-hash-wrong": {
      // P-AUTH-2: a hash that does not match the body is refused, whatever the body's type (a
      // signed form's too, revision 5).
      const form = bad.kind === "form-hash-wrong";
      await send(
        {
          method: "POST",
          path,
          body: form ? formBody([[k, "v"]]) : jsonBody([[k, "v"]]),
          auth: { mode: "valid", body: form ? "form-hash-wrong" : "hash-wrong" },
        },
        expect400("P-AUTH-2"),
      );
      return;
    }
    case "other-guid": {
      const other = who(bad.who) === viewer ? who(bad.who + 1) : who(bad.who);
      touch(other, [k]);
      await send(
        { method: "POST", path: `${APPDATA}/${other}/@self/@app`, body: jsonBody([[k, "v"]]) },
        { status: 403, statement: "S-4.4-OWN-ONLY" },
      );
      return;
    }
  }
}
