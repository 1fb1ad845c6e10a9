/**
 * `generateWorld(seed)`: a world file (schemas/world.schema.json) and a target file that fits it
 * (the format of fixtures/target.json), the same bytes for the same seed on every run. The
 * world varies what a deployment may vary: the namespace and id shapes (§2.1), app names,
 * consumer keys and secrets with reserved characters, optional person fields present for some
 * people only, partial addresses, 2–49 friends of the viewer, albums of every range with or
 * without photos, empty texts, MIME types, seed application data. The roles hold what the
 * suite asks of a target (conformance/README-runners.md).
 */
import type { WorldApp, WorldFile } from "../model/world-file.js";
import { makeAppData } from "./appdata.js";
import { makeApps } from "./credentials.js";
import { namespaceOf } from "./id-shapes.js";
import { makeMedia } from "./media.js";
import { makeCast, type Roles } from "./people.js";
import { seededRng } from "./rng.js";

/** Credentials of one app in a target file. */
interface TargetApp {
  consumerKey: string;
  consumerSecret: string;
}

/** A target file (fixtures/target.json's format) naming the generated world. */
export interface TargetFile {
  baseUrl: string;
  apps: { main: TargetApp; other: TargetApp };
  users: Roles;
  /** The world file, relative to the target file. */
  world: string;
}

/** A generated world and the target file that fits it. */
export interface GeneratedWorld {
  readonly seed: number;
  readonly world: WorldFile;
  readonly target: TargetFile;
}

/** Options of {@link generateWorld}. */
export interface GenerateOptions {
  /** The target's base URL (default `http://127.0.0.1:8080`, where `serve` listens). */
  readonly baseUrl?: string;
  /** The world file's name beside the target file (default `world.json`). */
  readonly worldFile?: string;
}

/** Generates the world of `seed` (an integer 0 … 2³²−1; throws `OSK_INVALID_VALUE` otherwise). */
export function generateWorld(seed: number, options: GenerateOptions = {}): GeneratedWorld {
  const rng = seededRng(seed);
  const namespace = namespaceOf(rng);
  const apps = makeApps(rng, rng.int(2, 4));
  const [main, other, ...extra] = apps as [WorldApp, WorldApp, ...WorldApp[]];
  const taken = new Set<string>();
  const cast = makeCast(
    rng,
    namespace,
    { main: main.id, other: other.id, extra: extra.map((a) => a.id) },
    taken,
  );
  const { roles } = cast;
  const owners = [
    roles.viewer,
    ...cast.people.map((p) => p.id).filter((id) => id !== roles.viewer),
  ];
  const media = makeMedia(rng, namespace, owners, taken);
  const appdata = makeAppData(
    rng,
    apps.map((a) => ({
      id: a.id,
      users: cast.people
        .filter((p) => p.apps.includes(a.id))
        .map((p) => [p.id, p.id === roles.viewer ? 0.8 : 0.4] as const),
    })),
  );
  const world: WorldFile = {
    namespace,
    apps,
    people: cast.people,
    friends: cast.friends,
    albums: media.albums,
    photos: media.photos,
    ...(Object.keys(appdata).length > 0 ? { appdata } : {}),
  };
  const target: TargetFile = {
    baseUrl: options.baseUrl ?? "http://127.0.0.1:8080",
    apps: {
      main: { consumerKey: main.consumerKey, consumerSecret: main.consumerSecret },
      other: { consumerKey: other.consumerKey, consumerSecret: other.consumerSecret },
    },
    users: roles,
    world: options.worldFile ?? "world.json",
  };
  return { seed, world, target };
}

/** A file's text: two-space JSON and a final newline, as fixtures/ writes it. */
export function jsonFileText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
