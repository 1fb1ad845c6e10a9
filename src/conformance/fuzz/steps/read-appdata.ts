/** A read of application data (§4.3): `@self` or `@friends`, some keys or all, either app. */
import { operationPath } from "../../../model/operations.js";
import type { Read } from "../expected.js";
import { guidText, pagingQuery } from "./request-parts.js";
import type { Step } from "./step.js";

export const readAppdata: Step<"read-appdata"> = async (op, run) => {
  const { world } = run;
  const as = run.who(op.as);
  const user = run.who(op.who);
  const app = op.app === "main" ? world.mainApp : world.otherApp;
  let fields: string[] | undefined;
  if (op.fields) {
    fields = op.fields.tails.map(run.key);
    if (op.fields.seeded) {
      const owners = op.selector === "@self" ? [user] : world.friendsOf(user);
      for (const o of owners)
        for (const [k] of world.appdata.get(app)?.get(o) ?? []) fields.push(k);
    }
    fields = [...new Set(fields)];
  }
  const read: Read = {
    op: "appdata",
    as,
    app: op.app,
    user,
    selector: op.selector,
    ...(fields ? { fields } : {}),
  };
  const query: [string, string][] = fields ? [["fields", fields.join(",")]] : [];
  query.push(...pagingQuery(op.paging));
  await run.readBoth(
    {
      method: "GET",
      path: operationPath("appdata-read", {
        guid: guidText(op.guid, user, as),
        selector: op.selector,
      }),
      query,
      as,
      app: op.app,
    },
    read,
    op.atom,
  );
};
