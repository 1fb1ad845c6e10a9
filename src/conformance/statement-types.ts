/**
 * The statement catalogue's format (conformance/statements.json, checked by
 * suite/load-statements.ts): what cases cite and what coverage counts.
 */
import type { Level } from "./case-types.js";

/** A statement of conformance/statements.json. */
export interface Statement {
  id: string;
  section: string;
  statement: string;
  level: Level;
  /**
   * The rules the statement holds, one behaviour each: ids `<statement id>.<n>`,
   * each quoting its sentence(s); `untestable` says why no case can test one from outside.
   */
  clauses: Clause[];
}

/** One rule of a statement: what a case cites and what coverage counts. */
export interface Clause {
  id: string;
  text: string;
  untestable?: string;
}
