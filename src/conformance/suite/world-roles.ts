/**
 * What the suite needs of the users a target names (conformance/README-runners.md): the viewer
 * has the main app and owns an album with photos, and the other app when the target names one;
 * `friend` and `secondFriend` are friends of the viewer with the main app, `friendWithoutApp` a
 * friend without it, `stranger` no friend; the viewer's record under the main app leaves the
 * write cases room under P-DATA-7's bounds (VIEWER_WRITE_ROOM). A target with a world file is
 * checked against it before anything is sent: a server whose data lacks these is not wrong, and
 * the cases that need them would fail it under rules it kept. Without a world the kit cannot
 * tell. The check holds whatever the run selects.
 */
import type { Issue } from "../../model/issue.js";
import { childPointer } from "../../model/json-pointer.js";
import { RECORD_LIMITS, recordBytes } from "../../model/limits.js";
import type { Target } from "./target.js";
import { appIdOf, type WorldFile } from "./world-file.js";

/**
 * The room the bundled cases' writes take in the viewer's record under the main app, all of them
 * at once (so at any concurrency): their growth added up was about 331,000 bytes and 205 keys in
 * 73 cases, measured case by case against the reference (test/conformance/suite/
 * world-roles.test.ts holds the sum within this). A viewer seeded with less room would have
 * correct writes refused under P-DATA-7. The other records the cases write (the friends', the
 * viewer's under the other app) take a few keys of a few bytes each, and are not checked: the
 * large-record cases fill the friend's record from what it holds.
 */
export const VIEWER_WRITE_ROOM = { bytes: 512 * 1024, keys: 512 } as const;

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
  const seeded = Object.entries(w.appdata[main]?.[viewer] ?? {});
  const bytes = recordBytes(seeded);
  if (
    bytes + VIEWER_WRITE_ROOM.bytes > RECORD_LIMITS.maxBytes ||
    seeded.length + VIEWER_WRITE_ROOM.keys > RECORD_LIMITS.maxKeys
  )
    say(
      "viewer",
      `has a record under the main app of ${bytes} bytes and ${seeded.length} keys, which leaves the write cases less than the ${VIEWER_WRITE_ROOM.bytes} bytes and ${VIEWER_WRITE_ROOM.keys} keys of room they need under P-DATA-7's ${RECORD_LIMITS.maxBytes} bytes and ${RECORD_LIMITS.maxKeys} keys`,
    );
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
