/**
 * The CI recipes of docs/ci (issue 11 item 6) parse as YAML, and the command they run uses only
 * options `opensocial-kit run` has, with the JUnit and HTML reports they publish.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const yaml = createRequire(import.meta.url)("js-yaml") as { load(text: string): unknown };
const help = execFileSync(process.execPath, ["bin/opensocial-kit.js", "run", "--help"], {
  encoding: "utf8",
});

/** Every `npx opensocial-kit run …` command in a parsed document. */
function runCommands(doc: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === "string" && v.includes("opensocial-kit run")) out.push(v.replace(/\s+/g, " "));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(doc);
  return out;
}

describe.each(["docs/ci/github-actions.yml", "docs/ci/gitlab-ci.yml"])("%s", (file) => {
  const doc = yaml.load(readFileSync(file, "utf8"));
  const commands = runCommands(doc);

  it("parses and runs the suite once", () => {
    expect(commands).toHaveLength(1);
  });

  it("uses only options of opensocial-kit run, and writes the JUnit and HTML reports it publishes", () => {
    const command = commands[0] ?? "";
    for (const option of command.match(/--[a-z-]+/g) ?? []) expect(help).toContain(option);
    expect(command).toMatch(/--reporter junit:reports\/conformance\.junit\.xml/);
    expect(command).toMatch(/--reporter html:reports\/conformance\.html/);
    expect(command).toMatch(/--expectations /);
    const text = readFileSync(file, "utf8");
    expect(text).toContain("reports/conformance.junit.xml");
    expect(text.split("reports/conformance.html").length).toBeGreaterThan(2);
  });
});
