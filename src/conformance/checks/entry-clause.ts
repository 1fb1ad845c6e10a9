/**
 * The §2 clause that declares an entry's members, which an issue with a member breaks whatever
 * the case that read it is about: a person without `displayName` breaks S-2.6-PERSON-ALWAYS.1,
 * not the clause of the case that asked for the viewer; an album member of the wrong type,
 * S-2.2-ALBUM-FIELDS.1. Read from JSON (schema.ts) and from Atom (atom.ts) alike; the paging
 * members have their own clauses (paging-clause.ts).
 */
import { pointerTokens } from "../../model/json-pointer.js";
import { ALWAYS_PERSON_FIELDS, OPTIONAL_PERSON_FIELDS } from "../../model/resources.js";

/** The clause of a person's member: always there, or there when named in `fields`. */
function personClause(member: string): string | undefined {
  if ((ALWAYS_PERSON_FIELDS as readonly string[]).includes(member)) return "S-2.6-PERSON-ALWAYS.1";
  return (OPTIONAL_PERSON_FIELDS as readonly string[]).includes(member)
    ? "S-2.6-PERSON-FIELDS.1"
    : undefined;
}

/** By kind: where its entries' members are (the tokens before the member) and their clause. */
const ENTRIES: Readonly<
  Record<
    string,
    { readonly depth: number; readonly clause: (member: string) => string | undefined }
  >
> = {
  person: { depth: 1, clause: personClause },
  people: { depth: 2, clause: personClause },
  albums: { depth: 2, clause: () => "S-2.2-ALBUM-FIELDS.1" },
  album: { depth: 0, clause: () => "S-2.2-ALBUM-FIELDS.1" },
  photos: { depth: 2, clause: () => "S-2.3-PHOTO-FIELDS.1" },
  photo: { depth: 0, clause: () => "S-2.3-PHOTO-FIELDS.1" },
};

/**
 * The clause an issue at `pointer` in a document of `kind` breaks when it lies in an entry's
 * member (`/entry/displayName` of a person, `/entry/3/mediaItemCount` of an album list, and
 * anything inside it); undefined elsewhere.
 */
export function entryClause(kind: string, pointer: string): string | undefined {
  const at = ENTRIES[kind];
  if (at === undefined) return undefined;
  const tokens = pointerTokens(pointer);
  if (at.depth > 0 && tokens[0] !== "entry") return undefined;
  const member = tokens[at.depth];
  return member === undefined ? undefined : at.clause(member);
}
