/** A read of an album's photos (§4.2): the owner's or another user's path, or an unknown album. */
import { operationPath } from "../../../model/operations.js";
import type { Read } from "../expected.js";
import { guidText, pagingQuery } from "./request-parts.js";
import type { Step } from "./step.js";

export const readPhotos: Step<"read-photos"> = async (op, run) => {
  const { world } = run;
  const as = run.who(op.as);
  const album = world.albums[op.album % (world.albums.length + 1)];
  const albumId = album?.id ?? `${world.namespace}:no-such-album-fz`;
  const user = op.who !== undefined && op.who % 3 === 0 ? run.who(op.who) : (album?.ownerId ?? as);
  const query: [string, string][] = [];
  query.push(...pagingQuery(op.paging));
  const read: Read = { op: "photos", as, user, albumId, paging: op.paging };
  await run.readBoth(
    {
      method: "GET",
      path: operationPath("photos", { guid: guidText(op.guid, user, as), albumId }),
      query,
      as,
    },
    read,
    op.atom,
  );
};
