/**
 * The base of an HTTP API (a runner's target, a server's public origin): absolute http(s), no
 * query or fragment (an empty `?` or `#` included: the URL signed would differ from the one
 * sent), no credentials; IPv6 hosts, ports and paths are fine. The problem never repeats the URL.
 */
import { describe, expect, it } from "vitest";
import { apiUrlProblem } from "../../src/wire/http-url.js";

describe("apiUrlProblem", () => {
  it.each([
    ["http://127.0.0.1:8080"],
    ["https://api.example/social"],
    ["http://[::1]:8080/"],
    ["HTTPS://Host.Example:443/a/b"],
  ])("takes %s", (url) => {
    expect(apiUrlProblem(url)).toBeUndefined();
  });
  it.each([
    ["nope", "must be an absolute URL"],
    ["ftp://h", "must be http or https"],
    ["http://h/?q=1", "must not have a query or fragment"],
    ["http://h/?", "must not have a query or fragment"],
    ["http://h/#", "must not have a query or fragment"],
    ["http://h/#top", "must not have a query or fragment"],
    ["http://u:TOPSECRETPW@h", "must not carry a user name or password"],
  ])("refuses %s: %s", (url, problem) => {
    const said = apiUrlProblem(url) ?? "";
    expect(said.startsWith(problem)).toBe(true);
    expect(said).not.toContain("TOPSECRETPW");
  });
});
