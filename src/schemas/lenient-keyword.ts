/**
 * The `osLenient` ajv keyword (lenient.ts): accepts an integer or boolean in either rendering
 * (`lenientRead`), checks an integer's bounds, and normalises the value in place to its declared
 * type. It generates code rather than calling a validate function, so that the validators can be
 * compiled ahead of time (scripts/compile-validators.ts): the generated code calls `lenientRead`,
 * which the generated module imports. Its errors: `must be integer` (params `{ type }`), or
 * `must be within [min, max]` (params `{ range: true }`). It is only needed where a schema is
 * compiled, so ajv's code generator is loaded when it runs, not with this module.
 */
import type { CodeKeywordDefinition } from "ajv";
import type { KeywordErrorCxt } from "ajv/dist/types/index.js";
import { type LenientParam, lenientRead } from "./lenient.js";
import { ajvModule } from "./precompiled.js";

const isRange = (cxt: KeywordErrorCxt) => cxt.params.failed === "range";

/** The `osLenient` keyword. */
export const lenientKeyword: CodeKeywordDefinition = {
  keyword: "osLenient",
  schemaType: "object",
  error: {
    message: (cxt) => {
      const p = cxt.schema as LenientParam;
      return isRange(cxt) ? `must be within [${p.minimum}, ${p.maximum}]` : `must be ${p.type}`;
    },
    params: (cxt) => {
      const { _ } = ajvModule();
      return isRange(cxt) ? _`{range: true}` : _`{type: ${(cxt.schema as LenientParam).type}}`;
    },
  },
  code(cxt) {
    const { _, Name } = ajvModule();
    const { gen, data, it } = cxt;
    const p = cxt.schema as LenientParam;
    const read = gen.scopeValue("func", {
      ref: lenientRead,
      code: new Name(lenientRead.name), // as the generated module imports it
    });
    const value = gen.const("value", _`${read}(${p.type}, ${data})`);
    const outside =
      p.type !== "integer"
        ? []
        : [
            ...(p.minimum !== undefined ? [_`${value} < ${p.minimum}`] : []),
            ...(p.maximum !== undefined ? [_`${value} > ${p.maximum}`] : []),
          ];
    gen.if(_`${value} === undefined`);
    cxt.error(false, { failed: "type" });
    if (outside.length > 0) {
      gen.elseIf(outside.reduce((a, b) => _`${a} || ${b}`));
      cxt.error(false, { failed: "range" });
    }
    gen.elseIf(_`${value} !== ${data}`);
    gen.assign(_`${it.parentData}[${it.parentDataProperty}]`, value).assign(data, value);
    gen.endIf();
  },
};
