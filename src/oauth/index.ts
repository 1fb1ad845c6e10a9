export { formatAuthorizationHeader, parseAuthorizationHeader } from "./authorization-header.js";
export {
  baseStringUri,
  normaliseParameters,
  type OAuthParam,
  signatureBaseString,
} from "./base-string.js";
export { percentEncode } from "./percent-encode.js";
export {
  formParams,
  queryParams,
  type SignedRequest,
  type SignRequestInput,
  signRequest,
} from "./sign-request.js";
export {
  bodyHash,
  bodyHashHex,
  hmacSha1,
  rawSigningKey,
  signaturesEqual,
  signingKey,
} from "./signature.js";
