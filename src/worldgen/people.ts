/**
 * The people of a generated world, their friendships and who plays which role: the viewer has
 * the main and the other app and 2 to 49 friends, among them one with the main app (`friend`),
 * one without it (`friendWithoutApp`) and, in most worlds, a second with it (`secondFriend`);
 * the `stranger` is no friend of the viewer. Optional §2.6 fields are present for some people
 * only, each at its own rate per world; addresses may hold one member or many.
 */
import {
  type Address,
  OPTIONAL_PERSON_FIELDS,
  type OptionalPersonField,
} from "../model/resources.js";
import type { WorldPerson } from "../model/world-file.js";
import { idStyle, idValues, PERSON_WORDS } from "./id-shapes.js";
import type { Rng } from "./rng.js";
import { birthday, dateTime, hex, nameText, urlText } from "./texts.js";

/** Who plays which role (the target file's `users`). */
export interface Roles {
  viewer: string;
  friend: string;
  friendWithoutApp: string;
  stranger: string;
  secondFriend?: string;
}

/** The people, their friendships and the roles. */
interface Cast {
  people: WorldPerson[];
  friends: [string, string][];
  roles: Roles;
}

/** The apps a cast is built around: the target's main and other, and any more the world has. */
interface CastApps {
  main: string;
  other: string;
  extra: readonly string[];
}

/** Most friendships anyone has: a friends list fits one default page (P-PAGE-1). */
const MAX_FRIENDS = 49;

function viewerFriendCount(rng: Rng): number {
  const band = rng.next();
  return band < 0.5 ? rng.int(2, 6) : band < 0.8 ? rng.int(7, 20) : rng.int(21, MAX_FRIENDS);
}

function address(rng: Rng): Address {
  if (rng.chance(0.25)) return { region: rng.pick(["Tokyo", "Île-de-France", "北海道", "NY"]) };
  if (rng.chance(0.05)) return {};
  const members: Address = {
    region: rng.pick(["Osaka", "Bavaria", "Ontario", "京都府"]),
    country: rng.pick(["JP", "DE", "CA", "US"]),
    locality: rng.pick(["Kita-ku", "München", "Toronto"]),
    postalCode: rng.chance(0.5)
      ? rng.int(10000, 99999)
      : `${rng.int(100, 999)}-${rng.int(1000, 9999)}`,
    streetAddress: rng.pick(["1-2-3 Umeda", "Marienplatz 1", "100 Queen St W & King"]),
    formatted: "1-2-3 Umeda\nKita-ku, Osaka",
    primary: rng.chance(0.5),
    type: rng.pick(["home", "work"]),
  };
  const keep = rng.sample(Object.keys(members), rng.int(1, Object.keys(members).length));
  return Object.fromEntries(Object.entries(members).filter(([k]) => keep.includes(k)));
}

function optionalField(rng: Rng, field: OptionalPersonField, value: string): unknown {
  switch (field) {
    case "profileUrl":
      return urlText(rng, `profile/${value}`);
    case "bloodType":
      return rng.pick(["A", "AB", "B", "O"]);
    case "addresses":
      return rng.chance(0.05) ? [] : Array.from({ length: rng.int(1, 3) }, () => address(rng));
    case "birthday":
      return birthday(rng);
    case "gender":
      return rng.pick(["female", "male", "other", "", "女性"]);
    case "userHash":
      return hex(rng, 40);
    default:
      return rng.chance(0.5);
  }
}

function person(
  rng: Rng,
  id: string,
  value: string,
  word: string,
  rates: Readonly<Record<string, number>>,
): WorldPerson {
  const p: Record<string, unknown> = {
    id,
    nickname: rng.chance(0.05) ? "" : nameText(rng, word),
    displayName: nameText(rng, `${word.charAt(0).toUpperCase()}${word.slice(1)}`),
    updated: dateTime(rng),
    thumbnailUrl: urlText(rng, `${value}/thumb.jpg`),
  };
  for (const field of OPTIONAL_PERSON_FIELDS)
    if (rng.chance(rates[field] ?? 0)) p[field] = optionalField(rng, field, value);
  p.apps = [];
  return p as unknown as WorldPerson;
}

/** Builds the cast in namespace `ns` around `apps`; `taken` holds values already used. */
export function makeCast(rng: Rng, ns: string, apps: CastApps, taken: Set<string>): Cast {
  const nFriends = viewerFriendCount(rng);
  const nStrangers = rng.int(1, 5);
  const total = 1 + nFriends + nStrangers;
  const words = rng.sample(PERSON_WORDS, PERSON_WORDS.length);
  const values = idValues(rng, total, idStyle(rng), words, taken);
  const rates = Object.fromEntries(
    OPTIONAL_PERSON_FIELDS.map((f) => [f, rng.pick([0, 0.3, 0.6, 1])]),
  );
  const people = values.map((v, i) =>
    person(rng, `${ns}:${v}`, v, words[i % words.length] ?? "x", rates),
  );
  const [viewer, ...rest] = people as [WorldPerson, ...WorldPerson[]];
  const friendsOfViewer = rest.slice(0, nFriends);
  const strangers = rest.slice(nFriends);
  const withApp = rng.chance(0.5) ? 1 : rng.next();
  const appsOf = (p: WorldPerson, main: boolean): void => {
    p.apps = [
      ...(main ? [apps.main] : []),
      ...(rng.chance(0.5) ? [apps.other] : []),
      ...apps.extra.filter(() => rng.chance(0.3)),
    ];
  };
  viewer.apps = [apps.main, apps.other, ...apps.extra.filter(() => rng.chance(0.5))];
  const [friend, without, second, ...others] = rng.sample(friendsOfViewer, nFriends) as [
    WorldPerson,
    WorldPerson,
    WorldPerson | undefined,
    ...WorldPerson[],
  ];
  appsOf(friend, true);
  appsOf(without, false);
  const hasSecond = second !== undefined && rng.chance(0.8);
  if (second) appsOf(second, hasSecond);
  for (const p of others) appsOf(p, rng.chance(withApp));
  for (const p of strangers) appsOf(p, rng.chance(0.7));
  const stranger = rng.pick(strangers);

  const friends: [string, string][] = friendsOfViewer.map((f) =>
    rng.chance(0.5) ? [viewer.id, f.id] : [f.id, viewer.id],
  );
  const degree = new Map(people.map((p) => [p.id, 0]));
  const density = rng.pick([0, 0.05, 0.2]);
  for (let i = 0; i < rest.length; i++)
    for (let j = i + 1; j < rest.length; j++) {
      const a = rest[i] as WorldPerson;
      const b = rest[j] as WorldPerson;
      if ((degree.get(a.id) ?? 0) >= MAX_FRIENDS - 1 || (degree.get(b.id) ?? 0) >= MAX_FRIENDS - 1)
        continue;
      if (!rng.chance(density)) continue;
      friends.push([a.id, b.id]);
      degree.set(a.id, (degree.get(a.id) ?? 0) + 1);
      degree.set(b.id, (degree.get(b.id) ?? 0) + 1);
    }
  const roles: Roles = {
    viewer: viewer.id,
    friend: friend.id,
    friendWithoutApp: without.id,
    stranger: stranger.id,
    ...(hasSecond && second ? { secondFriend: second.id } : {}),
  };
  // A friendship may be listed both ways round, as hand-written worlds often do.
  if (rng.chance(0.2))
    for (const [a, b] of rng.sample(friends, rng.int(1, 3))) friends.push([b, a]);
  return {
    people: rng.sample(people, people.length),
    friends: rng.sample(friends, friends.length),
    roles,
  };
}
