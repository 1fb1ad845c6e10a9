/** conformance/report.schema.json, compiled once, for the tests of JSON reports. */
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";

const validate = new Ajv2020({ strict: false }).compile(
  JSON.parse(
    readFileSync(new URL("../../../conformance/report.schema.json", import.meta.url), "utf8"),
  ),
);

/** Why `raw` (a parsed JSON report) is not valid against the schema, or `undefined` when it is. */
export function reportSchemaErrors(raw: unknown): string | undefined {
  return validate(raw) ? undefined : JSON.stringify(validate.errors);
}
