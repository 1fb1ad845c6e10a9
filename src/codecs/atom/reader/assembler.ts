/**
 * What a per-kind assembler is: it turns the feed's entries into the kind's members of the
 * JSON-shaped value (`entry`, and `id` for application data), reporting issues and recording
 * where each entry's data element lies, and names the JSON Schema kind that types the value.
 */
import type { Kind } from "../../../schemas/kinds.js";
import type { XmlElement } from "../tree.js";
import type { Located } from "./locate.js";
import type { Report } from "./report.js";

/** A JSON-shaped value under construction. */
export type JsonObject = Record<string, unknown>;

/** What an assembler writes to besides the value. */
export interface AssembleContext {
  readonly report: Report;
  /** Each entry's pointer → its data element, for locating schema issues. */
  readonly located: Located;
}

/** The reading of one Atom kind. */
export interface Assembler {
  /** The JSON Schema kind that types the value in lenient mode (P-FMT-6). */
  readonly schema: Kind;
  /** Sets the kind's members on `value` (which holds the OpenSearch head) from the entries. */
  readonly assemble: (
    entries: readonly XmlElement[],
    feed: XmlElement,
    value: JsonObject,
    context: AssembleContext,
  ) => void;
  /**
   * A check that, when it passes, makes the schema's pass certain and types the value in place;
   * when it fails, the schema runs and gives the issues.
   */
  readonly passesFast?: (value: JsonObject) => boolean;
}
