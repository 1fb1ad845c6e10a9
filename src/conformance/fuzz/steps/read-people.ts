/** A read of people (§4.6): `@self`, `@friends` or `@all`, one friend, with fields and filters. */
import { operationPath } from "../../../model/operations.js";
import type { Read } from "../expected.js";
import { guidText, pagingQuery } from "./request-parts.js";
import type { Step } from "./step.js";

export const readPeople: Step<"read-people"> = async (op, run) => {
  const as = run.who(op.as);
  const user = run.who(op.who);
  const pid = op.pid === undefined ? undefined : run.who(op.pid);
  const query: [string, string][] = [];
  if (op.fields) query.push(["fields", op.fields.join(",")]);
  if (op.filterBy !== undefined) query.push(["filterBy", op.filterBy]);
  query.push(...pagingQuery(op.paging));
  const read: Read = {
    op: "people",
    as,
    user,
    selector: op.selector,
    ...(pid !== undefined ? { pid } : {}),
    ...(op.fields ? { fields: op.fields } : {}),
    ...(op.filterBy !== undefined ? { filterBy: op.filterBy } : {}),
    paging: op.paging,
  };
  const path = operationPath("people", {
    guid: guidText(op.guid, user, as),
    selector: op.selector,
    ...(pid !== undefined ? { pid } : {}),
  });
  await run.readBoth({ method: "GET", path, query, as }, read, op.atom);
};
