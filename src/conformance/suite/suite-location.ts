/**
 * Where the bundled suite lives: the package's `conformance/` folder (case schema, statements,
 * cases). Works from src/ (tsx, vitest) and from dist/ alike.
 */
import { fileURLToPath } from "node:url";

/** The `conformance/` folder of the package. */
export const SUITE_DIR = fileURLToPath(new URL("../../../conformance/", import.meta.url));
/** The package root. */
export const PACKAGE_DIR = fileURLToPath(new URL("../../../", import.meta.url));
