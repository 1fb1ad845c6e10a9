/**
 * Id resolution (P-AUTH-4): a full `<namespace>:<value>` id or the bare `<value>` names the same
 * person; `@me` names the viewer.
 */
import type { World, WorldPerson } from "./types.js";

/** The person named by a full id or a bare value, or undefined. */
export function findPerson(world: World, id: string): WorldPerson | undefined {
  return world.people.get(id) ?? world.people.get(`${world.namespace}:${id}`);
}

/** The person a path `{guid}` names: `@me` is the viewer (P-AUTH-4). */
export function resolveGuid(
  world: World,
  guid: string,
  viewer: WorldPerson,
): WorldPerson | undefined {
  return guid === "@me" ? viewer : findPerson(world, guid);
}

/** True when `a` and `b` are friends (symmetric). */
export function areFriends(world: World, a: string, b: string): boolean {
  return world.friends.get(a)?.includes(b) ?? false;
}
