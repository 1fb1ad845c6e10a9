/**
 * The handler of each operation of the table (model/operations.ts), bound by the operation's id:
 * the table says how an operation is reached, this says what answers it.
 */
import type { OperationId } from "../../model/operations.js";
import type { Fault } from "../fault.js";
import type { Reply } from "../reply.js";
import type { Route, RouteOf } from "../router.js";
import type { HandlerContext } from "../types.js";
import { getAlbums, getPhotos } from "./albums.js";
import { deleteAppData, readAppData, writeAppData } from "./appdata.js";
import { getPeople } from "./people.js";

/** What answers operation `K` (a promise when it awaits the store). */
type OperationHandler<K extends OperationId> = (
  ctx: HandlerContext,
  route: RouteOf<K>,
) => Reply | Fault | Promise<Reply | Fault>;

/** Operation id → its handler. */
const HANDLERS: { readonly [K in OperationId]: OperationHandler<K> } = {
  albums: getAlbums,
  photos: getPhotos,
  "appdata-read": readAppData,
  "appdata-write": writeAppData,
  "appdata-delete": deleteAppData,
  people: getPeople,
};

/** Runs the handler of `route`. */
export function dispatch(
  ctx: HandlerContext,
  route: Route,
): Reply | Fault | Promise<Reply | Fault> {
  // The handler of `route.op` takes that operation's route, a pairing TypeScript cannot follow.
  const handler = HANDLERS[route.op] as (
    ctx: HandlerContext,
    route: Route,
  ) => Reply | Fault | Promise<Reply | Fault>;
  return handler(ctx, route);
}
