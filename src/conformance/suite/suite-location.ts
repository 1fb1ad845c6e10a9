/**
 * Where the bundled suite lives: the package's `conformance/` folder (case schema, statements,
 * cases), found from the package root (model/package-root.ts).
 */
import { packagePath } from "../../model/package-root.js";

/** The `conformance/` folder of the package. */
export function suiteDir(): string {
  return packagePath("conformance");
}
