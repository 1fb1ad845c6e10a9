/**
 * The 50 ms line's floor of cases kept apart (bench/runner/apart-floor.ts) adds up what the
 * scheduler never overlaps: a floor that overlapped them would excuse a slow schedule, one that
 * added up cases the scheduler may overlap would call a good schedule slow.
 */
import { describe, expect, it } from "vitest";
import { apartFloor } from "../../bench/runner/apart-floor.js";

const floor = (cases: Record<string, number>, runMs = 0, wallMs = 0) =>
  apartFloor(new Map(Object.entries(cases)), runMs, wallMs, 16).ms;

describe("apartFloor", () => {
  it("adds up the exclusive cases on one user's data, and the shared ones there over 16 slots", () => {
    const cases = {
      "appdata-delete/all": 300,
      "appdata-delete/empty-fields-all": 500,
      "appdata-read/me": 160,
    };
    expect(floor(cases)).toBe(300 + 500 + 160 / 16);
  });

  it("counts a case reading everyone's data (@friends) with each user's exclusive cases", () => {
    expect(floor({ "appdata-delete/all": 300, "appdata-read/other-app-friends": 250 })).toBe(550);
  });

  it("does not add up exclusive cases on two users' data: they may run side by side", () => {
    const cases = { "appdata-delete/all": 300, "appdata-write/record-10000-keys": 1000 };
    expect(floor(cases)).toBe(1000);
  });

  it("leaves shared cases on other collections out, and adds the run's start", () => {
    const cases = { "appdata-delete/all": 300, "people/self-viewer": 9000 };
    expect(floor(cases, 4000, 4250)).toBe(250 + 300);
  });

  it("ignores ids the bundled suite does not have", () => {
    expect(floor({ "appdata-delete/all": 300, "no-such/case": 5000 })).toBe(300);
  });

  it("names the state that sets the floor, with its exclusive and shared cases' parts", () => {
    const cases = {
      "appdata-delete/all": 300,
      "appdata-read/me": 160,
      "appdata-write/record-10000-keys": 200,
    };
    expect(apartFloor(new Map(Object.entries(cases)), 1000, 1100, 16)).toEqual({
      ms: 100 + 300 + 160 / 16,
      state: "appdata/viewer",
      exclusive: { cases: 1, ms: 300 },
      shared: { cases: 1, ms: 160 },
    });
  });

  it("names no state when no exclusive case ran: the floor is the start", () => {
    expect(apartFloor(new Map([["people/self-viewer", 900]]), 1000, 1100, 16)).toEqual({
      ms: 100,
      exclusive: { cases: 0, ms: 0 },
      shared: { cases: 0, ms: 0 },
    });
  });
});
