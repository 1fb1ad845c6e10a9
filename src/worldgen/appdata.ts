/**
 * Seed application data of a generated world: records for some people of some apps, with keys
 * of every shape P-DATA-1 allows (leading digits, dots and dashes that Atom escapes, a literal
 * `_x00e9_`, integer-like keys, 128 characters) and values from empty to long (non-ASCII,
 * astral, XML specials, line breaks, C1 controls).
 */
import { MAX_KEY_LENGTH } from "../model/limits.js";
import type { WorldAppData } from "../model/world-file.js";
import type { Rng } from "./rng.js";

const KEYS = [
  "score",
  "level",
  "level.2",
  "_x00e9_",
  "_X00E9_",
  "9lives",
  "-dash",
  ".dot",
  "2",
  "007",
  "a",
  "Z",
  "under_score",
  "last-played",
  "x".repeat(MAX_KEY_LENGTH),
  "k.e-y_1",
] as const;

const VALUES = [
  "",
  "10",
  "hello",
  "日本語テキスト",
  "<b>&amp;</b> \"q\" 'a'",
  "line1\nline2",
  "cr\r\nlf",
  "tab\there",
  "𝄞𝄞",
  " leading and trailing ",
  "\u0085 next line \u009f",
  "1e3",
  "true",
] as const;

function value(rng: Rng): string {
  if (rng.chance(0.05)) return "long ".repeat(rng.int(200, 1000));
  return rng.pick(VALUES);
}

function record(rng: Rng): Record<string, string> {
  const n = rng.chance(0.05) ? rng.int(20, 99) : rng.int(1, 6);
  const keys = rng.sample(KEYS, n);
  while (keys.length < n) keys.push(`key${keys.length}`);
  return Object.fromEntries(keys.map((k) => [k, value(rng)]));
}

/**
 * Records for each app's users, each with the chance given; a user with no record is left out,
 * and so is an app with none. Only people who use an app have its data: §1 ties data to the
 * application and lets only the user running it write.
 */
export function makeAppData(
  rng: Rng,
  apps: readonly { readonly id: string; readonly users: readonly (readonly [string, number])[] }[],
): WorldAppData {
  const out: WorldAppData = {};
  for (const app of apps) {
    const byUser: Record<string, Record<string, string>> = {};
    for (const [id, p] of app.users) if (rng.chance(p)) byUser[id] = record(rng);
    if (Object.keys(byUser).length > 0) out[app.id] = byUser;
  }
  return out;
}
