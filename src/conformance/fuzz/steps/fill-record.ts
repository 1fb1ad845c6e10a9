/**
 * P-DATA-7: up to six writes of 15 longest values (just under 1 MiB each) to the scratch record;
 * the model says which one crosses 4 MiB, and that one must be refused and change nothing. Then
 * the fill is read back (two keys) and deleted, so later reads stay small.
 */
import { MAX_VALUE_CODE_POINTS } from "../../../model/limits.js";
import { jsonBody, SELF_APPDATA } from "./request-parts.js";
import type { Step } from "./step.js";

export const fillRecord: Step<"fill-record"> = async (_op, run) => {
  const { world, data } = run;
  const user = world.scratch;
  if (!user) return;
  const sent: string[] = [];
  let refusedKey: string | undefined;
  for (let w = 0; w < 6 && refusedKey === undefined; w++) {
    const pairs = Array.from(
      { length: 15 },
      (_, i) => [run.key(`fill${w}_${i}`), "v".repeat(MAX_VALUE_CODE_POINTS)] as const,
    );
    run.touch(
      user,
      pairs.map(([k]) => k),
    );
    sent.push(...pairs.map(([k]) => k));
    const over = data.exceedsLimit(world.mainApp, user, pairs);
    const a = await run.send(
      { method: "POST", path: SELF_APPDATA.write, body: jsonBody(pairs), as: user },
      { status: over ? 400 : 200, statement: "P-DATA-7" },
    );
    if (a.status === 200) data.write(world.mainApp, user, pairs);
    if (over) refusedKey = pairs[0]?.[0];
  }
  const probe = [sent[0] ?? "", ...(refusedKey ? [refusedKey] : [])];
  await run.readBoth(
    {
      method: "GET",
      path: SELF_APPDATA.read,
      query: [["fields", probe.join(",")]],
      as: user,
    },
    { op: "appdata", as: user, app: "main", user, selector: "@self", fields: probe },
    "format",
  );
  await run.send(
    {
      method: "DELETE",
      path: SELF_APPDATA.delete,
      query: [["fields", sent.join(",")]],
      as: user,
    },
    { status: 200, statement: "S-4.5-DELETE-FIELDS" },
  );
  data.delete(world.mainApp, user, sent);
};
