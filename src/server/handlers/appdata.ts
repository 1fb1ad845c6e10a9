/**
 * Application data (§4.3–4.5, §7.1, P-DATA-1..6): read `@self`/`@friends`, write (merge) and
 * delete, private to the calling application.
 */

import { RECORD_LIMITS } from "../../model/limits.js";
import { type Fault, fault, isFault } from "../fault.js";
import { appDataKeys } from "../query/fields.js";
import { chooseFormat, type Format } from "../query/format.js";
import type { Reply } from "../reply.js";
import type { RouteOf } from "../router.js";
import type { AppDataMap } from "../store/types.js";
import type { HandlerContext } from "../types.js";
import { areFriends, findPerson, resolveGuid } from "../world/resolve.js";
import type { WorldPerson } from "../world/types.js";
import { deleteParams } from "./delete-params.js";
import { parseWriteBody } from "./write-body.js";

/** P-DATA-6 read permission: `@self` of the viewer or a friend; `@friends` of the viewer only. */
function canReadAppData(
  ctx: HandlerContext,
  target: WorldPerson,
  selector: "@self" | "@friends",
): boolean {
  if (target.id === ctx.viewer.id) return true;
  return selector === "@self" && areFriends(ctx.world, target.id, ctx.viewer.id);
}

/** P-DATA-6: writes and deletes name the viewer (`@me`, full id or bare value), any other guid → 403. */
function isOwnGuid(ctx: HandlerContext, guid: string): boolean {
  return guid === "@me" || findPerson(ctx.world, guid)?.id === ctx.viewer.id;
}

/** The reply of a read: `recs[i]` is the record of `users[i]`; P-DATA-5 keeps users with data. */
function appDataReply(
  format: Format,
  users: readonly string[],
  recs: readonly AppDataMap[],
): Reply {
  const entry = new Map<string, AppDataMap>();
  for (const [i, user] of users.entries()) {
    const rec = recs[i] ?? new Map<string, string>();
    if (rec.size > 0) entry.set(user, rec); // P-DATA-5
  }
  return { kind: "appdata", format, value: { entry, startIndex: 0, totalResults: entry.size } };
}

/** Answers a read (a promise when the store is a database server). */
export function readAppData(
  ctx: HandlerContext,
  route: RouteOf<"appdata-read">,
): Reply | Fault | Promise<Reply | Fault> {
  const target = resolveGuid(ctx.world, route.guid, ctx.viewer);
  if (!target) return fault(404, "user-not-found", "the specified user is not found");
  if (!canReadAppData(ctx, target, route.selector))
    return fault(403, "forbidden", "no permission to read");
  const format = chooseFormat(ctx.query, ctx.req.headers.accept);
  if (isFault(format)) return format;
  const keys = appDataKeys(ctx.query);
  if (isFault(keys)) return keys;
  const friends = ctx.world.friends.get(target.id) ?? [];
  const users = route.selector === "@self" ? [target.id] : friends;
  const recs = users.map((user) => ctx.store.read(ctx.app.id, user, keys));
  if (recs.some((r) => r instanceof Promise))
    return Promise.all(recs).then((all) => appDataReply(format, users, all));
  return appDataReply(format, users, recs as AppDataMap[]);
}

/** Answers a write (POST or PUT): merge, atomic, durable before the 200 (P-DATA-4). */
export async function writeAppData(
  ctx: HandlerContext,
  route: RouteOf<"appdata-write">,
): Promise<Reply | Fault> {
  if (!isOwnGuid(ctx, route.guid)) return fault(403, "forbidden", "no permission to update");
  const format = chooseFormat(ctx.query, ctx.req.headers.accept);
  if (isFault(format)) return format;
  const pairs = parseWriteBody(ctx.req.headers["content-type"], ctx.req.body);
  if (isFault(pairs)) return pairs;
  const written = await ctx.store.write(ctx.app.id, ctx.viewer.id, [...pairs]);
  // P-DATA-7: the write that would take the record past 10,000 keys or 4 MiB changes nothing.
  if (written === "over-limit")
    return fault(
      400,
      "record-limit",
      `application data of one user is limited to ${RECORD_LIMITS.maxKeys} keys and ${RECORD_LIMITS.maxBytes} bytes (P-DATA-7)`,
    );
  return { kind: "empty" };
}

/** Answers a delete: the listed keys, or all (§4.5, P-DATA-5); `fields` as deleteParams reads it. */
export async function deleteAppData(
  ctx: HandlerContext,
  route: RouteOf<"appdata-delete">,
): Promise<Reply | Fault> {
  if (!isOwnGuid(ctx, route.guid)) return fault(403, "forbidden", "no permission to update");
  const format = chooseFormat(ctx.query, ctx.req.headers.accept);
  if (isFault(format)) return format;
  const params = deleteParams(ctx.query, ctx.req.headers["content-type"], ctx.req.body);
  if (isFault(params)) return params;
  const keys = appDataKeys(params);
  if (isFault(keys)) return keys;
  await ctx.store.delete(ctx.app.id, ctx.viewer.id, keys);
  return { kind: "empty" };
}
