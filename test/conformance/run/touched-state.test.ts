/** Which server state a case's requests touch: what keeps an exclusive case apart from others. */
import { describe, expect, it } from "vitest";
import type { StepSpec } from "../../../src/conformance/case-types.js";
import {
  ANY_STATE,
  stateOf,
  statesMeet,
  statesOf,
} from "../../../src/conformance/run/touched-state.js";

const at = (path: string, as?: StepSpec["request"]["as"]) =>
  stateOf(as === undefined ? { path } : { path, as });

describe("stateOf", () => {
  it("names the collection after /os/0.8/, in lower case", () => {
    expect(at("/os/0.8/people/{viewer}/@friends?count=1")).toBe("people");
    expect(at("/os/0.8/albums")).toBe("albums");
    expect(at("/os/0.8/nothing-here")).toBe("nothing-here");
  });
  it("names one user's application data for @self of a role's placeholder", () => {
    expect(at("/os/0.8/appdata/{viewer}/@self/@app")).toBe("appdata/viewer");
    expect(at("/os/0.8/AppData/{friend}/@self/@app?fields=a")).toBe("appdata/friend");
    expect(at("/os/0.8/appdata/{viewer.bare}/@self/@app")).toBe("appdata/viewer");
    expect(at("/os/0.8/appdata/{secondFriend}/@self/other-app")).toBe("appdata/secondFriend");
  });
  it("reads @me as the requestor: the step's as, the viewer by default (P-AUTH-4)", () => {
    expect(at("/os/0.8/appdata/@me/@self/@app")).toBe("appdata/viewer");
    expect(at("/os/0.8/appdata/@me/@self/@app", "friend")).toBe("appdata/friend");
    expect(at("/os/0.8/appdata/@me/@self/@app", "none")).toBe("appdata/*");
    expect(at("/os/0.8/appdata/@me/@self/@app", "unknown")).toBe("appdata/*");
  });
  it("counts every user's data for another selector or a user it cannot name", () => {
    for (const p of [
      "/os/0.8/appdata/{viewer}/@friends/@app",
      "/os/0.8/appdata/{viewer}/@family/@app",
      "/os/0.8/appdata/{viewer}/@SELF/@app",
      "/os/0.8/appdata/{unknownUser}/@self/@app",
      "/os/0.8/appdata/{$captured}/@self/@app",
      "/os/0.8/appdata/urn:x/@self/@app",
      "/os/0.8/appdata/{viewer}",
      "/os/0.8/appdata",
    ])
      expect(at(p)).toBe("appdata/*");
  });
  it("counts a path that may reach any collection as everything", () => {
    for (const p of [
      "/os/0.8/{collection}/x",
      "/os/0.8/%61ppdata/{viewer}/@self/@app",
      "/os/0.8/appdata/%7Bviewer%7D/@self/@app",
      "/os/0.8/people/../appdata/{viewer}/@self/@app",
      "/os/0.8/people/./x",
      "/social/rest/appdata/x",
      "/",
    ])
      expect(at(p)).toBe(ANY_STATE);
  });
});

describe("statesMeet", () => {
  const step = (path: string, as?: StepSpec["request"]["as"]) => ({
    request: as === undefined ? { method: "GET", path } : { method: "GET", path, as },
    expect: { status: 200 },
  });
  const of = (...paths: string[]) => statesOf({ steps: paths.map((p) => step(p)) });
  it("meets on a shared collection, or on everything against anything", () => {
    expect(statesMeet(of("/os/0.8/people/a"), of("/os/0.8/albums/a", "/os/0.8/people/b"))).toBe(
      true,
    );
    expect(statesMeet(of("/os/0.8/appdata/{viewer}/@self/@app"), of("/os/0.8/people/a"))).toBe(
      false,
    );
    expect(statesMeet(of("/os/0.8/%70eople/a"), of("/os/0.8/people/a"))).toBe(true);
    expect(statesMeet(of("/x"), of("/os/0.8/appdata/{friend}/@self/@app"))).toBe(true);
    expect(statesMeet(of("/x"), of())).toBe(false);
  });
  it("keeps two users' application data apart, and meets every user's with any one's", () => {
    const viewer = of("/os/0.8/appdata/{viewer}/@self/@app");
    const friend = statesOf({ steps: [step("/os/0.8/appdata/@me/@self/@app", "friend")] });
    const friends = of("/os/0.8/appdata/{viewer}/@friends/@app");
    expect(statesMeet(viewer, friend)).toBe(false);
    expect(statesMeet(viewer, of("/os/0.8/appdata/@me/@self/@app"))).toBe(true);
    expect(statesMeet(viewer, friends)).toBe(true);
    expect(statesMeet(friend, friends)).toBe(true);
    expect(statesMeet(friends, of("/os/0.8/appdata/{stranger}/@friends/@app"))).toBe(true);
  });
});

describe("stateOf, on paths and requests a URL parser or a server may read otherwise", () => {
  it("counts a backslash or a control character in the path as everything", () => {
    for (const p of [
      "/os/0.8/appdata/{viewer}/@self/..\\..\\{friend}\\@self\\@app",
      "/os/0.8/appdata/{viewer}/@self/.\t./{friend}/@self/@app",
      "/os/0.8/appdata/{viewer}/@self/@app\n",
    ])
      expect(stateOf({ path: p })).toBe(ANY_STATE);
  });
  it("counts @me with a requestor id of the request's own as every user's (P-AUTH-4)", () => {
    const path = "/os/0.8/appdata/@me/@self/@app";
    expect(stateOf({ path, query: { xoauth_requestor_id: "{friend}" } })).toBe("appdata/*");
    expect(stateOf({ path, rawQuery: "xoauth_requestor_id={friend}" })).toBe("appdata/*");
    expect(stateOf({ path, auth: { mode: "valid", unsignedQuery: "xoauth_requestor_id=x" } })).toBe(
      "appdata/*",
    );
    expect(stateOf({ path, query: { fields: "a" } })).toBe("appdata/viewer");
  });
});
