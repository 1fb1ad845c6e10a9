/**
 * GET people/{guid}/{selector}/{pid} (§4.6, §7.2) with P-PEOPLE-1..5 and P-PAGE: unknown user or
 * pid → 404 before permission → 403 (P-ERR-5), then the query (400).
 */

import { DEFAULT_COUNT } from "../../model/limits.js";
import type { Person } from "../../model/resources.js";
import type { PersonResponse } from "../../model/responses.js";
import { type Fault, fault, isFault } from "../fault.js";
import { fieldNames } from "../query/fields.js";
import { chooseFormat } from "../query/format.js";
import { pageOf, readPage } from "../query/paging.js";
import type { Reply } from "../reply.js";
import type { RouteOf } from "../router.js";
import type { HandlerContext } from "../types.js";
import { hasApp, personView } from "../views/person.js";
import { selfAnswer } from "../views/self-answer.js";
import { areFriends, findPerson, resolveGuid } from "../world/resolve.js";
import type { WorldPerson } from "../world/types.js";

type PeopleRoute = RouteOf<"people">;

/** P-PEOPLE-4: the viewer and the viewer's friends. */
function canReadProfile(ctx: HandlerContext, target: WorldPerson): boolean {
  return target.id === ctx.viewer.id || areFriends(ctx.world, target.id, ctx.viewer.id);
}

/** A person as this request shows them (`selfOf` for isViewer/isOwner, `fields` from the query). */
function show(ctx: HandlerContext, p: WorldPerson, selfOf?: string): Person {
  const fields = fieldNames(ctx.query) ?? [];
  return personView(
    p,
    selfOf === undefined ? { app: ctx.app, fields } : { app: ctx.app, fields, selfOf },
  );
}

/** P-PEOPLE-2: only `hasApp` is a known filter. */
function readFilter(ctx: HandlerContext): "hasApp" | undefined | Fault {
  const filterBy = ctx.query.get("filterBy");
  if (filterBy === undefined || filterBy === "hasApp") return filterBy;
  return fault(400, "invalid-query", "filterBy supports only hasApp");
}

function self(ctx: HandlerContext, target: WorldPerson): Reply | Fault {
  if (!canReadProfile(ctx, target))
    return fault(403, "forbidden", "no permission to read this user");
  const format = chooseFormat(ctx.query, ctx.req.headers.accept);
  if (isFault(format)) return format;
  const value: PersonResponse =
    fieldNames(ctx.query) === undefined
      ? selfAnswer(target, ctx.app, ctx.viewer.id)
      : { entry: show(ctx, target, ctx.viewer.id), startIndex: 0, totalResults: 1 };
  return { kind: "person", format, value };
}

/** P-PEOPLE-1: one friend as an object, no itemsPerPage, no isViewer/isOwner. */
function oneFriend(ctx: HandlerContext, target: WorldPerson, pid: string): Reply | Fault {
  const friend = findPerson(ctx.world, pid);
  if (!friend) return fault(404, "user-not-found", "the specified user is not found");
  // P-ERR-5's "unknown pid" is read as "no such user": a known pid is judged only after the
  // permission check, so another user's friendships cannot be probed through 404 vs 403.
  if (target.id !== ctx.viewer.id)
    return fault(403, "forbidden", "no permission to read friends of another user");
  if (!areFriends(ctx.world, target.id, friend.id))
    return fault(404, "user-not-found", "the specified user is not found");
  const format = chooseFormat(ctx.query, ctx.req.headers.accept);
  if (isFault(format)) return format;
  const entry = show(ctx, friend);
  return { kind: "person", format, value: { entry, startIndex: 0, totalResults: 1 } };
}

function friends(ctx: HandlerContext, target: WorldPerson): Reply | Fault {
  if (target.id !== ctx.viewer.id)
    return fault(403, "forbidden", "no permission to read friends of another user");
  const format = chooseFormat(ctx.query, ctx.req.headers.accept);
  if (isFault(format)) return format;
  const page = readPage(ctx.query, DEFAULT_COUNT.friends);
  if (isFault(page)) return page;
  const filter = readFilter(ctx);
  if (isFault(filter)) return filter;
  let list = (ctx.world.friends.get(target.id) ?? []).flatMap(
    (id) => ctx.world.people.get(id) ?? [],
  );
  if (filter === "hasApp") list = list.filter((p) => hasApp(p, ctx.app));
  const shown = pageOf(list, page);
  return {
    kind: "people",
    format,
    value: { ...shown, entry: shown.entry.map((p) => show(ctx, p)) },
  };
}

/** Answers a people request. */
export function getPeople(ctx: HandlerContext, route: PeopleRoute): Reply | Fault {
  const target = resolveGuid(ctx.world, route.guid, ctx.viewer);
  if (!target) return fault(404, "user-not-found", "the specified user is not found");
  if (route.pid !== undefined) return oneFriend(ctx, target, route.pid);
  return route.selector === "@self" ? self(ctx, target) : friends(ctx, target);
}
