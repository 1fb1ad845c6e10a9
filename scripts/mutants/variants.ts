/**
 * The allowed variants of issue 6 item 2, each with the level at which it must pass.
 */
import type { Variant } from "./harness.js";
import {
  appDataUserOrder,
  entryOrder,
  extraMembers,
  memberOrder,
  stringRendering,
} from "./json-variants.js";
import {
  extensionElements,
  extraWhitespace,
  opensearchSlash,
  otherPrefixes,
} from "./xml-variants.js";

/** Every allowed variant. */
export const VARIANTS: readonly Variant[] = [
  {
    id: "json-member-order",
    what: "JSON members in reverse order",
    level: "profile",
    rewrite: memberOrder,
  },
  {
    id: "json-extra-members",
    what: "unknown extra JSON members",
    level: "profile",
    rewrite: extraMembers,
  },
  {
    id: "json-string-renderings",
    what: 'integers as numeric strings, booleans as "true"/"false" (§2)',
    level: "core",
    rewrite: stringRendering,
  },
  {
    id: "json-entry-order",
    what: "entries in another order (no order in social-api.md)",
    level: "core",
    rewrite: entryOrder,
  },
  {
    id: "json-appdata-user-order",
    what: "application-data users in another order (no order in profile.md either)",
    level: "profile",
    rewrite: appDataUserOrder,
  },
  {
    id: "atom-other-prefixes",
    what: "Atom with other namespace prefixes",
    level: "profile",
    rewrite: otherPrefixes,
  },
  {
    id: "atom-whitespace",
    what: "Atom indented with extra whitespace",
    level: "profile",
    rewrite: extraWhitespace,
  },
  {
    id: "atom-extensions",
    what: "Atom with unknown extension elements",
    level: "profile",
    rewrite: extensionElements,
  },
  {
    id: "atom-opensearch-slash",
    what: "OpenSearch namespace with trailing slash (P-FMT-2)",
    level: "profile",
    rewrite: opensearchSlash,
  },
];
