/**
 * The `@self` answer without `fields` (§4.6, P-PEOPLE-3), the most frequent people request,
 * built once per person, application and whether the viewer is that person: the world is never
 * modified after loading. It is frozen, so that render.ts also writes its JSON once.
 */
import type { PersonResponse } from "../../model/responses.js";
import type { WorldApp, WorldPerson } from "../world/types.js";
import { personView } from "./person.js";

/** Person → application → [the answer to another viewer, the answer to the person themself]. */
const built = new WeakMap<WorldPerson, Map<WorldApp, (PersonResponse | undefined)[]>>();

/** `p`'s `@self` answer for `app` and the viewer `viewerId`, with the base members only. */
export function selfAnswer(p: WorldPerson, app: WorldApp, viewerId: string): PersonResponse {
  let byApp = built.get(p);
  if (!byApp) {
    byApp = new Map();
    built.set(p, byApp);
  }
  let answers = byApp.get(app);
  if (!answers) {
    answers = [undefined, undefined];
    byApp.set(app, answers);
  }
  const own = p.id === viewerId ? 1 : 0;
  let answer = answers[own];
  if (!answer) {
    // Without `fields` every member is a string or a boolean: freezing the two objects freezes all.
    const entry = Object.freeze(personView(p, { app, selfOf: viewerId }));
    answer = Object.freeze({ entry, startIndex: 0, totalResults: 1 });
    answers[own] = answer;
  }
  return answer;
}
