/**
 * The five Atom kinds (P-FMT-2, P-FMT-7) and what each one's data element looks like.
 */
import type {
  AlbumList,
  AppDataResponse,
  FriendsResponse,
  PersonResponse,
  PhotoList,
} from "../../model/responses.js";

/** A response kind with an Atom form: application data, albums, photos, one person, a friends list. */
export type AtomKind = "appdata" | "albums" | "photos" | "person" | "people";

/** Atom kind → the JSON-shaped value it carries. */
export interface AtomValueMap {
  appdata: AppDataResponse;
  albums: AlbumList;
  photos: PhotoList;
  /** People `@self` or a `pid` request: a feed of one entry. */
  person: PersonResponse;
  /** People `@friends`: a feed with `opensearch:itemsPerPage`. */
  people: FriendsResponse;
}

/** Every Atom kind, for iteration. */
export const ATOM_KINDS: readonly AtomKind[] = ["appdata", "albums", "photos", "person", "people"];

/** Type guard for {@link AtomKind}. */
export function isAtomKind(kind: string): kind is AtomKind {
  return (ATOM_KINDS as readonly string[]).includes(kind);
}

/** How an array member's items are read back: text, or an element with one child per member. */
export type ItemShape = "string" | "object";

/** The data element of a kind and its array members (P-FMT-7: one element per item). */
export interface DataElement {
  /** Local names accepted on reading; the first is written. */
  readonly names: readonly string[];
  readonly arrays: Readonly<Record<string, ItemShape>>;
  /** Its integer members (§2.2, §2.3), read from any JSON text of their value (P-FMT-7.8). */
  readonly integers: readonly string[];
}

/** P-FMT-3, P-FMT-7: the data element of each kind. */
export const DATA_ELEMENTS: Readonly<Record<AtomKind, DataElement>> = {
  appdata: { names: ["appdata", "appData"], arrays: {}, integers: [] },
  albums: { names: ["album"], arrays: { mediaMimeType: "string" }, integers: ["mediaItemCount"] },
  photos: { names: ["mediaItem"], arrays: {}, integers: ["fileSize"] },
  person: { names: ["person"], arrays: { addresses: "object" }, integers: [] },
  people: { names: ["person"], arrays: { addresses: "object" }, integers: [] },
};
