/**
 * What `opensocial-kit serve` prints on start for a newcomer: the world and data files (and how
 * to start again from the world's seed), the apps' consumer keys, the users by role and a first `opensocial-kit request` line to
 * paste. Consumer secrets are printed only for the bundled world, whose credentials are public
 * (they ship in fixtures/target.json), and the output says so; a world of your own keeps its
 * secrets to itself.
 */
import type { Target } from "../../conformance/suite/target.js";
import type { World } from "../../server/index.js";

/** What the banner describes. */
interface BannerInput {
  readonly url: string;
  readonly world: World;
  /** The world file as given, or undefined for the bundled one. */
  readonly worldFile: string | undefined;
  readonly bundledWorldFile: string;
  /** The SQLite file (absolute) or `:memory:`. */
  readonly data: string;
  /** The bundled target, when the world is the bundled one (its users and secrets). */
  readonly bundledTarget: Target | undefined;
  /** The target file beside a world of your own that names it (its users; never its secrets). */
  readonly besideTarget?: { readonly file: string; readonly target: Target };
  /** The default base URL of `request` (the bundled target's). */
  readonly defaultBaseUrl: string;
  /** The origin clients sign for behind a TLS-terminating proxy (`--public-url`, P-AUTH-7). */
  readonly publicOrigin?: string | undefined;
}

/**
 * Roles for a world that names none: the viewer is the first person using the first app; then
 * a friend of the viewer with that app, one without it, someone who is not a friend, and a
 * second friend with the app.
 */
export function suggestRoles(world: World): Record<string, string> {
  const app = world.file.apps[0]?.id;
  const people = world.file.people;
  const hasApp = (p: (typeof people)[number]) => app !== undefined && p.apps.includes(app);
  const viewer = people.find(hasApp) ?? people[0];
  if (!viewer) return {};
  const friends = new Set(world.friends.get(viewer.id) ?? []);
  const roles: Record<string, string> = { viewer: viewer.id };
  const [friend, second] = people.filter((p) => friends.has(p.id) && hasApp(p));
  const without = people.find((p) => friends.has(p.id) && !hasApp(p));
  const stranger = people.find((p) => p.id !== viewer.id && !friends.has(p.id));
  if (friend) roles.friend = friend.id;
  if (without) roles.friendWithoutApp = without.id;
  if (stranger) roles.stranger = stranger.id;
  if (second) roles.secondFriend = second.id;
  return roles;
}

/** The start-up text (several lines, ending with a newline). */
export function serveBanner(b: BannerInput): string {
  const bundled = b.bundledTarget !== undefined;
  const lines: string[] = [`opensocial-kit reference server listening on ${b.url}/os/0.8/`];
  lines.push(
    `  world: ${bundled ? `${b.bundledWorldFile} (the bundled sandbox world)` : b.worldFile}`,
    b.data === ":memory:"
      ? "  data:  :memory: (nothing is kept: every start begins from the world's seed)"
      : /^postgres(ql)?:/.test(b.data)
        ? `  data:  ${b.data}`
        : `  data:  ${b.data} (kept across restarts; to begin again from the world's seed, stop and delete it, or serve with --data :memory:)`,
  );
  lines.push("  apps (two-legged OAuth 1.0a, HMAC-SHA1, P-AUTH-1):");
  const secrets = new Map<string, string>();
  if (b.bundledTarget)
    for (const a of [b.bundledTarget.apps.main, b.bundledTarget.apps.other])
      if (a) secrets.set(a.consumerKey, a.consumerSecret);
  for (const app of b.world.file.apps) {
    const secret = secrets.get(app.consumerKey);
    lines.push(
      `    ${app.id}: consumer key ${JSON.stringify(app.consumerKey)}${secret !== undefined ? `, consumer secret ${JSON.stringify(secret)}` : ""}`,
    );
  }
  if (bundled)
    lines.push(
      "    (these secrets are public: the bundled sandbox world ships them in fixtures/target.json; never reuse them)",
    );
  else lines.push("    (secrets are in your world file; they are never printed)");
  const roles = b.bundledTarget?.users ?? b.besideTarget?.target.users ?? suggestRoles(b.world);
  lines.push(
    bundled
      ? "  users by role:"
      : b.besideTarget
        ? `  users by role (from ${b.besideTarget.file}):`
        : "  users by role (suggested for your target file):",
  );
  for (const [role, id] of Object.entries(roles)) {
    const p = b.world.people.get(id);
    const apps = p ? (p.apps.length ? `uses ${p.apps.join(", ")}` : "uses no app") : "";
    lines.push(`    ${role.padEnd(16)} ${id}${apps ? ` (${apps})` : ""}`);
  }
  // behind a proxy a request is signed for, and so sent to, the public origin (P-AUTH-7)
  const clientUrl = b.publicOrigin ?? b.url;
  const targetBaseUrl = b.besideTarget?.target.baseUrl ?? b.defaultBaseUrl;
  const baseUrl = clientUrl === targetBaseUrl ? "" : ` --base-url ${clientUrl}`;
  const target = bundled ? "" : ` --target ${b.besideTarget?.file ?? "my-target.json"}`;
  lines.push(
    "  try (signs for you; --help for more):",
    `    opensocial-kit request GET /os/0.8/people/@me/@self${target}${baseUrl}`,
  );
  if (!bundled && !b.besideTarget)
    lines.push(
      "    (my-target.json: baseUrl, apps.main/other with consumerKey and consumerSecret, users by role; see fixtures/target.json)",
    );
  lines.push(`  index of the API and world: ${b.url}/ (no signature needed)`);
  return `${lines.join("\n")}\n`;
}
