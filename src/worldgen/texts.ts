/**
 * Text values of a generated world: names, titles, descriptions, URLs and dates, plain or with
 * what a real deployment holds (non-ASCII, astral characters, XML and URL specials, empty
 * strings). Every one is XML 1.0 text, so any representation can carry it.
 */
import type { Rng } from "./rng.js";

const NAMES = [
  "Alice",
  "Zoë Ångström",
  "山田 太郎",
  "O'Brien & Sons",
  "<Admin>",
  "Ωmega",
  'José "Pepe"',
  "😀 Smiley",
  "Łukasz",
  "محمد",
  "  spaced  ",
  "tab\there",
  "Ünïcödé",
  "a/b?c=d&e",
] as const;

const WORDS = [
  "summer",
  "trip",
  "family",
  "日本",
  "café",
  "<b>bold</b>",
  "R&D",
  "100%",
  "a+b=c",
  "naïve",
  "𝄞 music",
  "line\nbreak",
  'quote"d',
  "it's",
  "tab\tbed",
  "x",
] as const;

const MIME_TYPES = [
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/svg+xml",
  "image/heic",
  "video/mp4",
  "video/quicktime",
  "audio/mpeg",
  "application/octet-stream",
  "image/jpeg; charset=binary",
  "IMAGE/PNG",
  "image/x-icon",
] as const;

/** A display name or nickname; `plain` for the common case. */
export function nameText(rng: Rng, plain: string): string {
  return rng.chance(0.6) ? plain : rng.pick(NAMES);
}

/** A title, caption or description: empty, one word, or a few words. */
export function phrase(rng: Rng, emptyChance: number): string {
  if (rng.chance(emptyChance)) return "";
  const n = rng.int(1, 4);
  return Array.from({ length: n }, () => rng.pick(WORDS)).join(" ");
}

/** An http(s) URL, sometimes with a query holding `&` (escaped in XML), sometimes empty. */
export function urlText(rng: Rng, path: string, emptyChance = 0.05): string {
  if (rng.chance(emptyChance)) return "";
  const host = rng.pick([
    "img.example.org",
    "cdn.example.net",
    "127.0.0.1:9000",
    "xn--bcher-kva.example",
  ]);
  const query = rng.chance(0.3) ? `?size=${rng.int(16, 512)}&v=${rng.int(1, 9)}` : "";
  return `${rng.pick(["https", "http"])}://${host}/${encodeURIComponent(path)}${query}`;
}

/** An RFC 3339 date-time, in UTC or with an offset, with or without fractions (now and then a bare date or nothing: §2.6 shows only samples). */
export function dateTime(rng: Rng): string {
  if (rng.chance(0.05)) return rng.pick(["", "2026-01-02"]);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  const date = `${rng.int(2001, 2030)}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`;
  const time = `${pad(rng.int(0, 23))}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}`;
  const frac = rng.chance(0.3) ? `.${pad(rng.int(0, 999), 3)}` : "";
  const zone = rng.pick(["Z", "+09:00", "-05:30", "+00:00"]);
  return `${date}T${time}${frac}${zone}`;
}

/** A birthday: a full date, a date without a year, or empty. */
export function birthday(rng: Rng): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const md = `${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`;
  return rng.pick([`${rng.int(1940, 2010)}-${md}`, `--${md}`, `${rng.int(1940, 2010)}-${md}`, ""]);
}

/** A MIME type, from common to unusual (parameters, upper case, the longest a world allows). */
export function mimeType(rng: Rng): string {
  if (rng.chance(0.01)) return `image/x.${"v".repeat(247)}`;
  return rng.chance(0.5) ? rng.pick(MIME_TYPES.slice(0, 3)) : rng.pick(MIME_TYPES);
}

/** `n` lower-case hex digits. */
export function hex(rng: Rng, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += "0123456789abcdef"[rng.int(0, 15)];
  return s;
}
