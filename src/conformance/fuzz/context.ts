/**
 * What a fuzz sequence runs with: the target's world and wire, the level, the run's owned key
 * prefix, the users a drawn index names, and the keys sent so far (clean-up deletes them).
 */
import { KEY_PATTERN } from "../../model/appdata-rules.js";
import type { Level } from "../case-types.js";
import type { Wire } from "./wire.js";
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

/** A key the write path accepts (P-DATA-1): only those can be named in `fields`. */
export const OWNED_KEY = KEY_PATTERN;
