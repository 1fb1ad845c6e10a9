/**
 * The CI recipes of docs/ci parse as YAML; they install the kit the way that works (the tarball
 * `npm pack` makes, kept in the repository: the package is not on the npm registry), and the
 * command they run is the README's CI command (test/docs/readme-commands.test.ts runs that one),
 * using only options `opensocial-kit run` has, with the JUnit and HTML reports they publish.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const yaml = createRequire(import.meta.url)("js-yaml") as { load(text: string): unknown };
const help = execFileSync(process.execPath, ["bin/opensocial-kit.js", "run", "--help"], {
  encoding: "utf8",
});
const version = (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version;
/** The README's CI command, continuation lines joined. */
const readmeJob =
  /```sh\n(npx opensocial-kit run --target ci\/target\.json[^`]*?)\n```/
    .exec(readFileSync("README.md", "utf8"))?.[1]
    ?.replace(/\\\n\s*/g, "")
    .replace(/\s+/g, " ") ?? "";

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

  it("parses and runs the suite once, with the README's command", () => {
    expect(commands).toHaveLength(1);
    expect(readmeJob).not.toBe("");
    expect(commands[0]?.trim()).toBe(readmeJob);
  });

  it("installs the tarball kept in the repository, never the registry's name", () => {
    const text = readFileSync(file, "utf8");
    expect(text).toContain(`npm install --no-save ./ci/opensocial-kit-${version}.tgz`);
    expect(text).not.toMatch(/npm install[^\n]* opensocial-kit(\s|$)/);
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
