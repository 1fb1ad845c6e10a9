/**
 * A TLS handshake that fails comes back as a failure to connect, in words with its remedy, not
 * as OpenSSL's text: a self-signed certificate (tls/self-signed-*.pem: a throwaway key made for
 * this test, valid for localhost and 127.0.0.1, trusted by nothing), plain HTTP spoken to as
 * https://, and, the other way round, a TLS server spoken to as http:// (the run's words
 * suggest https://).
 */
import { readFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer as createHttpsServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRunAbort, runSuite } from "../../../src/conformance/index.js";
import { abortText } from "../../../src/conformance/reporters/abort-text.js";
import { createHttpClient } from "../../../src/conformance/transport/http-client.js";
import { tlsFailureText } from "../../../src/conformance/transport/tls-failure.js";
import { bundledTarget } from "../helpers.js";

const TLS = join(import.meta.dirname, "tls");

function listen(server: Server | ReturnType<typeof createHttpServer>): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
}

let https: Server;
let plain: ReturnType<typeof createHttpServer>;
let httpsPort: number;
let plainPort: number;

beforeAll(async () => {
  https = createHttpsServer(
    {
      key: readFileSync(join(TLS, "self-signed-key.pem")),
      cert: readFileSync(join(TLS, "self-signed-cert.pem")),
    },
    (_req, res) => res.end("{}"),
  );
  plain = createHttpServer((_req, res) => res.end("{}"));
  httpsPort = await listen(https);
  plainPort = await listen(plain);
});

afterAll(async () => {
  await new Promise((r) => https.close(r));
  await new Promise((r) => plain.close(r));
});

async function get(base: string) {
  const client = createHttpClient(base);
  try {
    return await client.send({ method: "GET", path: "/", headers: {} });
  } finally {
    await client.close();
  }
}

describe("a TLS failure is a failure to connect, in words", () => {
  it("a certificate nobody trusts: the code, and NODE_EXTRA_CA_CERTS as the remedy", async () => {
    const r = await get(`https://127.0.0.1:${httpsPort}`);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe("connection");
    expect(r.error.message).toMatch(
      /^DEPTH_ZERO_SELF_SIGNED_CERT: the server's TLS certificate is not trusted \(self[- ]signed certificate\); .*NODE_EXTRA_CA_CERTS/,
    );
  });

  it("https:// to a plain HTTP server: no OpenSSL text, and http:// as the remedy", async () => {
    const r = await get(`https://127.0.0.1:${plainPort}`);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe("connection");
    expect(r.error.message).toMatch(
      /^EPROTO: no TLS handshake at this address \(wrong version number\): the server there speaks plain HTTP; give the base URL with http:\/\/$/,
    );
    expect(r.error.message).not.toMatch(/SSL routines|deps\/openssl|\n/);
  });

  it("a run given http:// for a TLS server suggests https://", async () => {
    const r = await runSuite({ target: bundledTarget(`http://127.0.0.1:${httpsPort}`) });
    if (!isRunAbort(r)) throw new Error("the run was expected to stop at the smoke request");
    expect(abortText(r)).toMatch(
      /is unreachable \(closed: the connection closed before an answer .*\): if the service there speaks TLS, give the base URL with https:\/\/$/,
    );
  });
});

describe("tlsFailureText", () => {
  it.each([
    [
      "CERT_HAS_EXPIRED",
      "certificate has expired",
      /^CERT_HAS_EXPIRED: the server's TLS certificate is not trusted \(certificate has expired\)/,
    ],
    [
      "ERR_TLS_CERT_ALTNAME_INVALID",
      "Hostname/IP does not match",
      /not trusted \(Hostname\/IP does not match\)/,
    ],
    [
      "EPROTO",
      "write EPROTO 80DC8741557F0000:error:0A000410:SSL routines:ssl3_read_bytes:sslv3 alert handshake failure:../deps/openssl/openssl/ssl/record/rec_layer_s3.c:1605:\n",
      /^EPROTO: the TLS handshake failed \(sslv3 alert handshake failure\)$/,
    ],
    ["ERR_SSL_WRONG_VERSION_NUMBER", "wrong version number", /plain HTTP/],
  ])("%s", (code, message, words) => {
    expect(tlsFailureText(code, message)).toMatch(words);
  });

  it("is not a TLS failure: undefined", () => {
    for (const code of ["ECONNRESET", "ETIMEDOUT", "", "ERR_STREAM_PREMATURE_CLOSE"])
      expect(tlsFailureText(code, "x")).toBeUndefined();
  });
});
