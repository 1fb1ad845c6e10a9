/** A read of a user's albums (§4.1), with `visibility` and paging. */
import { operationPath } from "../../../model/operations.js";
import type { Read } from "../expected.js";
import { guidText, pagingQuery } from "./request-parts.js";
import type { Step } from "./step.js";

export const readAlbums: Step<"read-albums"> = async (op, run) => {
  const as = run.who(op.as);
  const user = run.who(op.who);
  const query: [string, string][] = [];
  if (op.visibility !== undefined) query.push(["visibility", op.visibility]);
  query.push(...pagingQuery(op.paging));
  const read: Read = {
    op: "albums",
    as,
    user,
    ...(op.visibility !== undefined ? { visibility: op.visibility } : {}),
    paging: op.paging,
  };
  await run.readBoth(
    {
      method: "GET",
      path: operationPath("albums", { guid: guidText(op.guid, user, as) }),
      query,
      as,
    },
    read,
    op.atom,
  );
};
