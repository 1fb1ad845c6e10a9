/**
 * Applications of a generated world: ids of any shape and consumer keys and secrets holding
 * what signers get wrong (RFC 3986 reserved characters, spaces, non-ASCII, `%`, `+`, `&`, `=`),
 * all of which the signature percent-encodes (RFC 5849 §3.6).
 */
import type { WorldApp } from "../model/world-file.js";
import type { Rng } from "./rng.js";

const APP_NAMES = [
  "quiz",
  "notes",
  "game.of.life",
  "Photo Share",
  "日記",
  "app-2",
  "x",
  "calendar_v2",
  "a:b/c",
  "100%",
  "tic+tac&toe=1",
] as const;

/** The characters signers mishandle: reserved (gen-delims, sub-delims), space, %, non-ASCII. */
const AWKWARD = [
  ":",
  "/",
  "?",
  "#",
  "[",
  "]",
  "@",
  "!",
  "$",
  "&",
  "'",
  "(",
  ")",
  "*",
  "+",
  ",",
  ";",
  "=",
  " ",
  "%",
  "%20",
  "é",
  "日本",
  "😀",
  "~",
  "-",
  "_",
  ".",
] as const;

function awkward(rng: Rng, base: string): string {
  let s = base;
  for (let i = rng.int(1, 5); i > 0; i--)
    s += `${rng.pick(AWKWARD)}${rng.chance(0.5) ? rng.int(0, 99) : ""}`;
  return s;
}

/** `count` apps (2 or more) with distinct ids and consumer keys. */
export function makeApps(rng: Rng, count: number): WorldApp[] {
  const names = rng.sample(APP_NAMES, count);
  return names.map((id, i) => ({
    id,
    consumerKey: rng.chance(0.3) ? `${id}-key` : awkward(rng, `key${i}`),
    consumerSecret: awkward(rng, rng.pick(["s3cr3t", "Ünïcode", "pass phrase", "K", "p%40ss"])),
  }));
}
