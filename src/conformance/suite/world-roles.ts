/**
 * What the suite needs of the users a target names (conformance/README-runners.md): the viewer
 * has the main app and owns an album with photos, and the other app when the target names one;
 * `friend` and `secondFriend` are friends of the viewer with the main app, `friendWithoutApp` a
 * friend without it, `stranger` no friend. A target with a world file is checked against it
 * before anything is sent: a server whose data lacks these is not wrong, and the cases that need
 * them would fail it under rules it kept. Without a world the kit cannot tell.
 */
import type { Issue } from "../../model/issue.js";
import { childPointer } from "../../model/json-pointer.js";
import type { Target } from "./target.js";
import { appIdOf, type WorldFile } from "./world-file.js";

/** Each named role the world does not bear out, as a target issue. */
export function roleIssues(w: WorldFile, target: Target): Issue[] {
  const main = appIdOf(w, target.apps.main.consumerKey);
  const other = target.apps.other ? appIdOf(w, target.apps.other.consumerKey) : undefined;
  const viewer = target.users.viewer ?? "";
  const uses = (id: string, app: string) =>
    (w.people.find((p) => p.id === id)?.apps ?? []).includes(app);
  const befriends = (id: string) =>
    w.friends.some(([a, b]) => (a === viewer && b === id) || (b === viewer && a === id));
  const out: Issue[] = [];
  const say = (role: string, message: string) =>
    out.push({
      code: "target-invalid",
      pointer: childPointer("/users", role),
      message: `users.${role} (${JSON.stringify(target.users[role as keyof Target["users"]] ?? "")}): ${message} in the world file`,
    });
  if (!uses(viewer, main)) say("viewer", "does not use the main app");
  if (other !== undefined && !uses(viewer, other))
    say("viewer", "does not use the other app (apps.other)");
  const owned = new Set(w.albums.filter((a) => a.ownerId === viewer).map((a) => a.id));
  if (!w.photos.some((p) => owned.has(p.albumId)))
    say("viewer", "owns no album with a photo, which the album and photo cases read");
  for (const [role, withApp] of [
    ["friend", true],
    ["secondFriend", true],
    ["friendWithoutApp", false],
  ] as const) {
    const id = target.users[role];
    if (id === undefined) continue;
    if (!befriends(id)) say(role, "is no friend of the viewer");
    else if (uses(id, main) !== withApp)
      say(role, withApp ? "does not use the main app" : "uses the main app");
  }
  const stranger = target.users.stranger;
  if (stranger !== undefined && befriends(stranger)) say("stranger", "is a friend of the viewer");
  return out;
}
