/** Which collections a case's requests name: what keeps an exclusive case apart from others. */
import { describe, expect, it } from "vitest";
import {
  ANY_COLLECTION,
  collectionOf,
  collectionsMeet,
  collectionsOf,
} from "../../../src/conformance/run/collections.js";

describe("collectionOf", () => {
  it("names the segment after /os/0.8/, in lower case", () => {
    expect(collectionOf("/os/0.8/appdata/{viewer}/@self/@app")).toBe("appdata");
    expect(collectionOf("/os/0.8/people/{viewer}/@friends?count=1")).toBe("people");
    expect(collectionOf("/os/0.8/AppData/{viewer}/@self/@app")).toBe("appdata");
    expect(collectionOf("/os/0.8/albums")).toBe("albums");
    expect(collectionOf("/os/0.8/nothing-here")).toBe("nothing-here");
  });
  it("counts a path that may reach any collection as all of them", () => {
    for (const p of [
      "/os/0.8/{collection}/x",
      "/os/0.8/%61ppdata/{viewer}/@self/@app",
      "/os/0.8/people/../appdata/{viewer}/@self/@app",
      "/os/0.8/people/./x",
      "/social/rest/appdata/x",
      "/",
    ])
      expect(collectionOf(p)).toBe(ANY_COLLECTION);
  });
});

describe("collectionsMeet", () => {
  const step = (path: string) => ({ request: { method: "GET", path }, expect: { status: 200 } });
  const of = (...paths: string[]) => collectionsOf({ steps: paths.map(step) });
  it("meets on a shared collection, or on any collection against anything", () => {
    expect(
      collectionsMeet(of("/os/0.8/appdata/a"), of("/os/0.8/people/a", "/os/0.8/appdata/b")),
    ).toBe(true);
    expect(collectionsMeet(of("/os/0.8/appdata/a"), of("/os/0.8/people/a"))).toBe(false);
    expect(collectionsMeet(of("/os/0.8/%70eople/a"), of("/os/0.8/people/a"))).toBe(true);
    expect(collectionsMeet(of("/x"), of())).toBe(false);
  });
});
