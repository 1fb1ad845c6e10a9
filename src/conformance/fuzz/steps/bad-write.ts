/**
 * Writes that must be refused (P-DATA-1, P-DATA-2, P-DATA-3, S-4.4-OWN-ONLY, P-ERR-4, P-AUTH-2,
 * P-AUTH-6), each sent as the viewer under an owned key.
 */
import { MAX_BODY_BYTES, PAIR_LIMIT } from "../../../model/limits.js";
import { operationPath } from "../../../model/operations.js";
import type { Expected } from "../expected.js";
import { formBody, jsonBody, rawBody, SELF_APPDATA } from "./request-parts.js";
import type { Step } from "./step.js";

const expect400 = (statement: string): Expected => ({ status: 400, statement });

export const badWrite: Step<"bad-write"> = async ({ bad }, run) => {
  const { ctx } = run;
  const viewer = run.world.viewer;
  const path = SELF_APPDATA.write;
  const k = run.key("bw");
  run.touch(viewer, [k]);
  switch (bad.kind) {
    case "bad-key": {
      const bk = bad.key === "" ? "" : `${ctx.prefix}${bad.key}`;
      run.touch(viewer, [bk]);
      await run.send({ method: "POST", path, body: jsonBody([[bk, "v"]]) }, expect400("P-DATA-1"));
      return;
    }
    case "bad-value":
      await run.send(
        { method: "POST", path, body: jsonBody([[k, bad.value]]) },
        expect400("P-DATA-1"),
      );
      return;
    case "empty-object":
      // §4.4: "one or more key-value pairs"; §7.1: "key/value specification invalid"
      await run.send(
        { method: "POST", path, body: rawBody("{}") },
        expect400("S-7.1-400-KEYVALUE"),
      );
      return;
    case "non-object":
      await run.send(
        { method: "POST", path, body: rawBody(`[${JSON.stringify(k)}]`) },
        expect400("S-7.1-400-KEYVALUE"),
      );
      return;
    case "non-string":
      await run.send(
        { method: "POST", path, body: rawBody(`{${JSON.stringify(k)}:1}`) },
        expect400("S-7.1-400-KEYVALUE"),
      );
      return;
    case "malformed":
      await run.send(
        { method: "POST", path, body: rawBody(`{${JSON.stringify(k)}:`) },
        expect400("S-7.1-400-KEYVALUE"),
      );
      return;
    case "text-plain":
      await run.send(
        { method: "POST", path, body: rawBody(`{${JSON.stringify(k)}:"v"}`, "text/plain") },
        expect400("P-DATA-2"),
      );
      return;
    case "pairs-100": {
      const pairs = Array.from(
        { length: PAIR_LIMIT },
        (_, i) => [run.key(`h${i}`), `v${i}`] as const,
      );
      run.touch(
        viewer,
        pairs.map(([x]) => x),
      );
      await run.send({ method: "POST", path, body: jsonBody(pairs) }, expect400("S-8-PAIR-LIMIT"));
      return;
    }
    case "too-large": {
      const filler = "x".repeat(MAX_BODY_BYTES + 16);
      await run.send(
        { method: "POST", path, body: rawBody(`{${JSON.stringify(k)}:"${filler}"}`) },
        { status: 413, statement: "P-ERR-4" },
      );
      return;
    }
    case "deep-json":
      await run.send(
        {
          method: "POST",
          path,
          body: rawBody(`{${JSON.stringify(k)}:${"[".repeat(20_000)}${"]".repeat(20_000)}}`),
        },
        expect400("S-7.1-400-KEYVALUE"),
      );
      return;
    case "form-hash-unsigned":
      // P-AUTH-6: a form body is signed as parameters; a body hash alone does not cover it.
      await run.send(
        { method: "POST", path, body: formBody([[k, "v"]]), auth: { mode: "valid", body: "hash" } },
        expect400("P-AUTH-6"),
      );
      return;
    case "form-hash-wrong":
    case "body-hash-wrong": {
      // P-AUTH-2: a hash that does not match the body is refused, whatever the body's type (a
      // signed form's too, revision 5).
      const form = bad.kind === "form-hash-wrong";
      await run.send(
        {
          method: "POST",
          path,
          body: form ? formBody([[k, "v"]]) : jsonBody([[k, "v"]]),
          auth: { mode: "valid", body: form ? "form-hash-wrong" : "hash-wrong" },
        },
        expect400("P-AUTH-2"),
      );
      return;
    }
    case "other-guid": {
      const other = run.who(bad.who) === viewer ? run.who(bad.who + 1) : run.who(bad.who);
      run.touch(other, [k]);
      await run.send(
        {
          method: "POST",
          path: operationPath("appdata-write", { guid: other }),
          body: jsonBody([[k, "v"]]),
        },
        { status: 403, statement: "S-4.4-OWN-ONLY" },
      );
      return;
    }
  }
};
