// Bounded work before a signature is proven (review finding: 0.15–0.7 s of CPU per request for
// anyone holding the public consumer key).
import { describe, expect, it } from "vitest";
import {
  bodyParamLists,
  MAX_JSON_AS_PARAM_BYTES,
  MAX_SIGNED_FORM_PARAMS,
} from "../../src/oauth/body-params.js";

const bytes = (t: string): Uint8Array => new TextEncoder().encode(t);
const FORM = "application/x-www-form-urlencoded";

describe("bodyParamLists bounds", () => {
  it("a form of up to MAX_SIGNED_FORM_PARAMS parameters is a candidate", () => {
    const text = Array.from({ length: MAX_SIGNED_FORM_PARAMS }, (_, i) => `k${i}=v`).join("&");
    expect(bodyParamLists(FORM, bytes(text))[0]).toHaveLength(MAX_SIGNED_FORM_PARAMS);
  });
  it("a larger form is not parsed at all, in linear time", () => {
    const text = "a=&".repeat(349_000);
    const t0 = performance.now();
    expect(bodyParamLists(FORM, bytes(text))).toEqual([]);
    expect(performance.now() - t0).toBeLessThan(200);
  });
  it("JSON read as one parameter (PHP client) only up to MAX_JSON_AS_PARAM_BYTES", () => {
    const small = `{"k":"${"x".repeat(100)}"}`;
    expect(bodyParamLists(FORM, bytes(small))).toContainEqual([[small, ""]]);
    const JSON_TYPE = "application/json";
    expect(bodyParamLists(JSON_TYPE, bytes(small))).toEqual([[], [[small, ""]]]);
    const large = `{"k":"${"x".repeat(MAX_JSON_AS_PARAM_BYTES)}"}`;
    expect(bodyParamLists(JSON_TYPE, bytes(large))).toEqual([[]]);
  });
});

describe("P-AUTH-6 (revision 4): a matched body hash binds a form-labelled JSON body", () => {
  const json = '{"k":"v"}';
  it("with a matched hash, a form-labelled JSON body may be signed without body parameters", () => {
    expect(bodyParamLists(FORM, bytes(json), true)).toContainEqual([]);
    expect(bodyParamLists(FORM, bytes(json), false)).not.toContainEqual([]);
    // the form reading and the PHP reading stay candidates beside it
    const unhashed = bodyParamLists(FORM, bytes(json), false);
    expect(unhashed).toEqual([[[json, ""]], [[json, ""]]]); // read as a form, and as PHP signs it
    expect(bodyParamLists(FORM, bytes(json), true)).toEqual([[], ...unhashed]);
  });
  it("a body read as a form is always signed as one, hash or not", () => {
    expect(bodyParamLists(FORM, bytes("k=v"), true)).toEqual([[["k", "v"]]]);
  });
});
