/** A write (JSON, form, or JSON labelled as a form signed by its body hash), read back at will. */
import { operationPath } from "../../../model/operations.js";
import type { AuthSpec } from "../../case-types.js";
import { keyCharsOpen } from "../expected.js";
import { formBody, guidText, jsonBody } from "./request-parts.js";
import type { Step } from "./step.js";

export const write: Step<"write"> = async (op, run) => {
  const { world, data } = run;
  const user = run.writerId(op.writer);
  const pairs = op.pairs.map(([k, v]) => [run.key(k), v] as const);
  run.touch(
    user,
    pairs.map(([k]) => k),
  );
  const body =
    op.encoding === "form"
      ? formBody(pairs)
      : op.encoding === "json-as-form"
        ? { ...jsonBody(pairs), contentType: "application/x-www-form-urlencoded" }
        : jsonBody(pairs);
  const hashed = op.encoding === "json-as-form" || (op.bodyHash && op.encoding === "json");
  const auth: AuthSpec = hashed ? { mode: "valid", body: "hash" } : { mode: "valid" };
  const over = data.exceedsLimit(world.mainApp, user, pairs);
  const a = await run.send(
    {
      method: "POST",
      path: operationPath("appdata-write", { guid: guidText(op.guid, user, user) }),
      body,
      as: user,
      auth,
    },
    over
      ? { status: 400, statement: "P-DATA-7" }
      : // A valid write refused 400 most likely judged a key or value invalid (P-DATA-1), or
        // (labelled form, signed by its hash) the signature (P-AUTH-6).
        {
          status: 200,
          statement: "S-4.4-WRITE",
          // §4.4: "Request content type: not shown" (its sample sends JSON): a form body is
          // served by P-DATA-2's decision, a JSON one labelled form by P-AUTH-6's.
          ...(op.encoding === "form" ? { statusStatement: "P-DATA-2" } : {}),
          ...(op.encoding === "json-as-form" ? { statusStatement: "P-AUTH-6" } : {}),
          ...keyCharsOpen(pairs.map(([k]) => k)),
          byStatus: {
            400: op.encoding === "json-as-form" ? "P-AUTH-6" : "P-DATA-1",
            403: "S-4.4-OWN-ONLY",
          },
        },
  );
  if (a.status === 200) data.write(world.mainApp, user, pairs);
  if (op.verify) await run.readBack(user);
};
