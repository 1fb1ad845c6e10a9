/**
 * Which PostgreSQL failures are an outage (OSK_STORE_UNAVAILABLE, answered 503) and which are
 * a wrong query (a bug, answered 500): told apart by the error's type and SQLSTATE class, never
 * by the code's shape. A socket's `EPIPE` during a restart has five capital letters, as a
 * SQLSTATE does, and was answered 500 ("internal error") before.
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { KitError } from "../../src/model/kit-error.js";
import { OperationalError } from "../../src/model/operational-error.js";
import { isUnavailable } from "../../src/server/store/postgres.js";

/** An error the database sent, with its SQLSTATE. */
function database(code: string): pg.DatabaseError {
  const e = new pg.DatabaseError("from the server", 0, "error");
  e.code = code;
  return e;
}

/** A socket error, as node:net makes one. */
function socket(code: string): Error {
  return Object.assign(new Error(`write ${code}`), { code, errno: -32, syscall: "write" });
}

describe("isUnavailable", () => {
  it.each([
    ["a socket's EPIPE", socket("EPIPE")],
    ["a socket's ECONNRESET", socket("ECONNRESET")],
    ["a connection closed without a code", new Error("Connection terminated unexpectedly")],
    ["57P01 admin shutdown", database("57P01")],
    ["57P03 cannot connect now (starting up)", database("57P03")],
    ["08006 connection failure", database("08006")],
    ["53300 too many connections", database("53300")],
    ["28P01 password refused (a rotated password)", database("28P01")],
    ["28000 role refused", database("28000")],
    ["3D000 no such database", database("3D000")],
    ["42501 privilege withheld", database("42501")],
  ])("%s: an outage", (_n, e) => {
    expect(isUnavailable(e)).toBe(true);
  });
  it.each([
    ["42P01 undefined table", database("42P01")],
    ["42601 syntax error", database("42601")],
    ["23505 unique violation", database("23505")],
    ["a KitError", new KitError("OSK_INVALID_VALUE")],
    ["an OperationalError already", new OperationalError("OSK_STORE_UNAVAILABLE")],
  ])("%s: not an outage", (_n, e) => {
    expect(isUnavailable(e)).toBe(false);
  });
});
