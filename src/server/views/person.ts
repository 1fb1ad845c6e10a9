/**
 * A person as §2.6 shows it (model/resource-objects.ts): the base fields always, isViewer/isOwner
 * with `@self` only (P-PEOPLE-3: the owner is the viewer), and the optional fields named in
 * `fields` that the person has (absent ones stay absent); hasApp for the calling application.
 */
import { personObject } from "../../model/resource-objects.js";
import type { Person } from "../../model/resources.js";
import type { WorldApp, WorldPerson } from "../world/types.js";

/** How to show a person. */
interface PersonView {
  app: WorldApp;
  /** The viewer's id, for isViewer/isOwner; undefined leaves them out. */
  selfOf?: string;
  /** Names from `fields`; unknown names are ignored (P-PEOPLE-2). */
  fields?: readonly string[];
}

/** True when `p` uses `app` (§2.6 hasApp, derived). */
export function hasApp(p: WorldPerson, app: WorldApp): boolean {
  return p.apps.includes(app.id);
}

/** The §2.6 person object, members in the order of §2.6. */
export function personView(p: WorldPerson, view: PersonView): Person {
  return personObject(p, { hasApp: hasApp(p, view.app), selfOf: view.selfOf, fields: view.fields });
}
