/** P-FMT-1's ranking of Accept, as the reference serves by it and the checks read a cue by it. */
import { describe, expect, it } from "vitest";
import { acceptSelectsAtom } from "../../src/wire/accept-ranking.js";

// P-FMT-1 (revision 5): each of the two types takes the q of its own entry (default 1); Atom when
// its q is above 0 and JSON has no entry or a lower q; everything else, a tie included, is JSON;
// wildcards give neither type an entry.
describe("acceptSelectsAtom: the ranking of Accept (P-FMT-1)", () => {
  it.each([
    [undefined, false],
    ["application/atom+xml", true],
    ["application/atom+xml;q=0.5", true],
    ["application/atom+xml;q=0", false],
    ["application/atom+xml;q=0.9, application/json;q=0.5", true],
    ["application/atom+xml;q=0.3, application/json;q=0.6", false],
    ["application/atom+xml;q=0.3, application/json", false],
    ["application/atom+xml;q=0.5, application/json", false],
    ["application/json, application/atom+xml;q=0.5", false],
    ["application/json;q=0, application/atom+xml;q=0.1", true],
    ["APPLICATION/Atom+XML;Q=0.7, application/json;q=0.6", true],
    // Only the q parameter is a q-value, wherever it stands.
    ["application/atom+xml;level=1;q=0.9, application/json;q=0.5", true],
    ["application/atom+xml;level=1;q=0.5, application/json;q=0.6", false],
    // A tie serves JSON, whichever type is listed first.
    ["application/atom+xml, application/json", false],
    ["application/atom+xml;q=0.5, application/json;q=0.5", false],
    ["application/json;q=0.5, application/atom+xml;q=0.5", false],
    // Wildcards give neither type an entry.
    ["*/*", false],
    ["*/*, application/atom+xml;q=0.5", true],
    ["application/*;q=1, application/atom+xml;q=0.2", true],
    ["application/atom+xml;q=0, */*", false],
  ])("%s → Atom %s", (accept, atom) => {
    expect(acceptSelectsAtom(accept)).toBe(atom);
  });
});
