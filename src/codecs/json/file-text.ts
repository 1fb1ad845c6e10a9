/**
 * A local JSON file's text (a target, world, statements or expectations file): a leading byte
 * order mark is dropped. Editors on Windows write one; RFC 8259 §8.1 forbids a sender to put
 * one on a networked JSON text but lets a parser ignore it, and a file is no answer under test.
 */
import { readFileSync } from "node:fs";
import { withoutBom } from "./limits.js";

/** The text of the file at `path`, read as UTF-8, without a leading U+FEFF. Throws as readFileSync. */
export function readJsonFileText(path: string | URL): string {
  return withoutBom(readFileSync(path, "utf8"));
}
