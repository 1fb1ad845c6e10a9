/** Decoding an Atom body for the pointer checks: a JSON answer is named as such. */
import { describe, expect, it } from "vitest";
import { decodeAtom } from "../../../src/conformance/checks/atom.js";
import { checkText } from "../../../src/conformance/reporters/check-text.js";

describe("decodeAtom", () => {
  it.each(['{"entry":{},"id":[]}', '  [{"id":"a"}]'])(
    "says a JSON body is JSON, not an XML syntax error (%s)",
    (text) => {
      const r = decodeAtom("appdata", text);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(checkText({ finding: r.finding })).toBe(
        "Atom appdata: the body is JSON, not an Atom feed: the server did not select Atom for this request [json-body]",
      );
    },
  );
  it("still reports an XML fault of an XML body by the codec's issue", () => {
    const r = decodeAtom("appdata", "<feed");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.finding).toMatchObject({
      code: "body-not-atom",
      issue: expect.stringMatching(/^xml-/),
    });
  });
});
