/**
 * GET albums/{guid}/@self (§4.1, P-ALBUM-1) and GET mediaitems/{guid}/@self/{albumId} (§4.2,
 * P-ALBUM-2), paged per P-PAGE.
 */
import { DEFAULT_COUNT } from "../../model/limits.js";
import { type Fault, fault, isFault } from "../fault.js";
import { chooseFormat } from "../query/format.js";
import { pageOf, readPage } from "../query/paging.js";
import type { Reply } from "../reply.js";
import type { RouteOf } from "../router.js";
import type { HandlerContext } from "../types.js";
import { albumView, canSeeAlbum, photoView } from "../views/album.js";
import { resolveGuid } from "../world/resolve.js";
import type { IndexedAlbum } from "../world/types.js";

/** P-ALBUM-1: without `visibility`, everyone-albums only; `all`, every album the viewer may see. */
function readVisibility(ctx: HandlerContext): "everyone" | "all" | Fault {
  const v = ctx.query.get("visibility");
  if (v === undefined) return "everyone";
  return v === "all" ? "all" : fault(400, "invalid-query", "visibility must be all");
}

/** Answers an album list. */
export function getAlbums(ctx: HandlerContext, route: RouteOf<"albums">): Reply | Fault {
  const owner = resolveGuid(ctx.world, route.guid, ctx.viewer);
  if (!owner) return fault(404, "user-not-found", "the specified user is not found");
  const format = chooseFormat(ctx.query, ctx.req.headers.accept);
  if (isFault(format)) return format;
  const visibility = readVisibility(ctx);
  if (isFault(visibility)) return visibility;
  const page = readPage(ctx.query, DEFAULT_COUNT.albums);
  if (isFault(page)) return page;
  const all = ctx.world.albumsByOwner.get(owner.id) ?? [];
  const list =
    visibility === "all"
      ? all.filter((a) => canSeeAlbum(ctx.world, a, ctx.viewer.id))
      : all.filter((a) => a.visibility === "everyone");
  const shown = pageOf(list, page);
  return {
    kind: "albums",
    format,
    value: { ...shown, entry: shown.entry.map((a) => albumView(a)) },
  };
}

/** The album named by a full id or a bare value (as for users, P-AUTH-4). */
function findAlbum(ctx: HandlerContext, id: string): IndexedAlbum | undefined {
  return ctx.world.albums.get(id) ?? ctx.world.albums.get(`${ctx.world.namespace}:${id}`);
}

/** Answers a photo list. */
export function getPhotos(ctx: HandlerContext, route: RouteOf<"photos">): Reply | Fault {
  const owner = resolveGuid(ctx.world, route.guid, ctx.viewer);
  if (!owner) return fault(404, "user-not-found", "the specified user is not found");
  const album = findAlbum(ctx, route.albumId);
  if (!album || album.ownerId !== owner.id)
    return fault(404, "album-not-found", "the specified album is not found");
  if (!canSeeAlbum(ctx.world, album, ctx.viewer.id))
    return fault(403, "forbidden", "no permission to read this album");
  const format = chooseFormat(ctx.query, ctx.req.headers.accept);
  if (isFault(format)) return format;
  const page = readPage(ctx.query, DEFAULT_COUNT.photos);
  if (isFault(page)) return page;
  const shown = pageOf(album.photos, page);
  return {
    kind: "photos",
    format,
    ownerId: album.ownerId,
    value: { ...shown, entry: shown.entry.map(photoView) },
  };
}
