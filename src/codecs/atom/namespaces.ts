/**
 * Namespace names of the Atom representation (social-api.md §4.3, profile P-FMT-2, P-FMT-7).
 */

/** RFC 4287: the Atom namespace (`feed`, `entry`, `content`, `title`, `updated`, `author`, `id`). */
export const ATOM_NS = "http://www.w3.org/2005/Atom";

/** P-FMT-2: the OpenSearch namespace as written (no trailing slash, as OpenSocial containers wrote it). */
export const OSEARCH_NS = "http://a9.com/-/spec/opensearch/1.1";

/** P-FMT-2: the published OpenSearch 1.1 namespace, with its trailing slash; readers accept it too. */
export const OSEARCH_NS_PUBLISHED = "http://a9.com/-/spec/opensearch/1.1/";

/** §4.3, P-FMT-3, P-FMT-7: the namespace of the data elements (`appdata`, `person`, `album`, `mediaItem`). */
export const OPENSOCIAL_NS = "http://ns.opensocial.org/2008/opensocial";

/** True for either spelling of the OpenSearch namespace (P-FMT-2). */
export function isOpenSearchNs(uri: string): boolean {
  return uri === OSEARCH_NS || uri === OSEARCH_NS_PUBLISHED;
}
