/** The package version, read from package.json. */
import { readFileSync } from "node:fs";
import { packagePath } from "../model/package-root.js";

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(packagePath("package.json"), "utf8")) as {
    version: string;
  };
  return pkg.version;
}
