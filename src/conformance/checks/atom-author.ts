/**
 * The `url` of an Atom entry's author, as the checks find it. P-FMT-2 asks for "`author` with a
 * `url` child" and names no namespace for it; P-FMT-5's strict mode keeps it in the OpenSocial
 * namespace and says readers accept `url` in any namespace or an Atom `uri`. So the writers' rule
 * (profile) is a `url` child by local name, in any namespace, and the readers' tolerance (core)
 * also takes an Atom `uri` when there is no `url`.
 */
import { ATOM_NS } from "../../codecs/atom/namespaces.js";
import type { XmlElement } from "../../codecs/atom/tree.js";

/** The author's `url` children (any namespace); with `tolerant`, its Atom `uri` when it has none. */
export function authorUrls(author: XmlElement, tolerant: boolean): XmlElement[] {
  const urls = author.children.filter((c) => c.local === "url");
  if (urls.length > 0 || !tolerant) return urls;
  return author.children.filter((c) => c.uri === ATOM_NS && c.local === "uri");
}
