/**
 * The ways a correct server may choose between JSON and Atom: "Way to choose between JSON and
 * Atom: not shown." (§4.3). P-FMT-1 decides both at profile: `format=atom` in the query, and the
 * Accept header. A server may take only one of them and answer JSON to the other.
 */
import { signedAfresh } from "./resign.js";
import type { WireRewrite } from "./variant-proxy.js";

/** Atom by the Accept header only: the `format` parameter is not taken (signed afresh without it). */
export const formatByAcceptOnly: WireRewrite = {
  request: (request) => signedAfresh(request, { drop: ["format"] }),
};

/** Atom by the `format` parameter only: the Accept header is not read. */
export const formatByParameterOnly: WireRewrite = {
  request: (request) => {
    if (request.headers.accept === undefined) return undefined;
    const { accept: _unread, ...headers } = request.headers;
    return { ...request, headers };
  },
};
