/**
 * The per-kind assemblers of the Atom reader, keyed by kind (P-FMT-2, P-FMT-7).
 */
import type { AtomKind } from "../kinds.js";
import { APPDATA } from "./assemble-appdata.js";
import { ALBUMS, PEOPLE, PERSON, PHOTOS } from "./assemble-items.js";
import type { Assembler } from "./assembler.js";

/** Atom kind → how its feed becomes a value. */
export const ASSEMBLERS: Readonly<Record<AtomKind, Assembler>> = {
  appdata: APPDATA,
  albums: ALBUMS,
  photos: PHOTOS,
  person: PERSON,
  people: PEOPLE,
};
