/**
 * `opensocial-kit openapi [--out FILE]`: prints (or writes) the OpenAPI 3.1
 * document built from the bundled JSON Schemas; `schemas/openapi.json` is its output.
 */
import { writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { EXIT } from "../../conformance/run/exit-codes.js";
import { openApiDocument } from "../../schemas/openapi/document.js";
import { makeFolders } from "../../server/store/make-folders.js";
import type { TextSink } from "../text-sink.js";
import { packageVersion } from "../version.js";

/** The document as the shipped file holds it. */
export function openApiText(): string {
  return `${JSON.stringify(openApiDocument(packageVersion()), null, 2)}\n`;
}

/** Prints or writes the document; resolves to the exit code. */
export function openApiCommand(out: TextSink, err: TextSink, file?: string): number {
  const text = openApiText();
  if (file === undefined) {
    out.write(text);
    return EXIT.OK;
  }
  try {
    makeFolders(dirname(file));
    writeFileSync(file, text);
  } catch (e) {
    err.write(`opensocial-kit openapi: ${file}: ${(e as Error).message}\n`);
    return EXIT.USAGE;
  }
  err.write(`opensocial-kit openapi: wrote ${file}\n`);
  return EXIT.OK;
}
