/**
 * The application-data assembler (§4.3, P-FMT-2, P-FMT-3): one record per entry, keyed by the
 * entry's platform id (a second entry for the same user is reported), the ids in document order.
 */
import { escapeToken } from "../../../model/json-pointer.js";
import { passesAppDataFast } from "../appdata-check.js";
import { DATA_ELEMENTS } from "../kinds.js";
import type { Assembler } from "./assembler.js";
import { dataWanted, readEntry } from "./framing.js";
import { readRecord } from "./members.js";

const DATA = dataWanted(DATA_ELEMENTS.appdata);

/** `appdata` → {entry: {user: record}, id: [user…]} beside the OpenSearch head. */
export const APPDATA: Assembler = {
  schema: "appdata",
  assemble(entries, _feed, value, { report, located }) {
    const entry = new Map<string, Record<string, string>>();
    const ids: string[] = [];
    for (let i = 0; i < entries.length && !report.full; i++) {
      const el = entries[i]!;
      const parts = readEntry(el, `/id/${i}`, DATA, report);
      if (parts.id === undefined || !parts.data) continue;
      const pointer = `/entry/${escapeToken(parts.id)}`;
      if (entry.has(parts.id)) {
        report.add("atom-bad-id", pointer, `a second entry for ${parts.id}`, el);
        continue;
      }
      located.set(pointer, parts.data);
      if (parts.idElement) located.set(`/id/${ids.length}`, parts.idElement);
      entry.set(parts.id, readRecord(parts.data, pointer, report));
      ids.push(parts.id);
    }
    value.entry = Object.fromEntries(entry);
    value.id = ids;
  },
  passesFast: passesAppDataFast,
};
