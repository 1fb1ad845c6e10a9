/**
 * A step's `onlyIf`: run it only when a capture holds a non-empty value (the capture's name, or a
 * member of it named as in a placeholder: `world.albums.friend.hidden`), or
 * when a captured value passes a pointer check (`{capture, check}`: evidence an earlier step
 * found, e.g. that the server follows a paging parameter §4 does not name). A step whose
 * condition fails is skipped and the case goes on; it proves nothing either way.
 */
import type { CaptureCondition, Level } from "../case-types.js";
import { valueHolds } from "../checks/json-pointer.js";
import { lookup, type TemplateContext } from "../request/template.js";

/** True for a value a name-only `onlyIf` treats as nothing captured. */
function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null || v === "") return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === "object") return Object.keys(v).length === 0;
  return false;
}

/** The capture `path` names (`saved`, `world.albums.friend.hidden`), or undefined when there is none. */
function capturedAt(path: string, template: TemplateContext): unknown {
  const v = lookup(`$${path}`, template);
  return v.ok ? v.value : undefined;
}

/** True when the step guarded by `onlyIf` is to run. */
export function onlyIfHolds(
  onlyIf: string | CaptureCondition,
  template: TemplateContext,
  level: Level,
): boolean {
  if (typeof onlyIf === "string") return !isEmpty(capturedAt(onlyIf, template));
  if (!template.captures.has(onlyIf.capture)) return false;
  return valueHolds(onlyIf.check, template.captures.get(onlyIf.capture), level, template);
}
