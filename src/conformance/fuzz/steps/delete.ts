/**
 * A delete of some keys, of an empty `fields=`, or of a whole record (P-DATA-5), read back at
 * will; the whole of the viewer's record is never deleted (it holds data the fuzzer does not own).
 */

import { operationPath } from "../../../model/operations.js";
import { OWNED_KEY } from "../context.js";
import { keyCharsOpen } from "../expected.js";
import { guidText, SELF_APPDATA } from "./request-parts.js";
import { refused, type Step } from "./step.js";

export const deleteKeys: Step<"delete"> = async (op, run) => {
  const { world, data, ctx } = run;
  const user = run.writerId(op.writer);
  const whole = op.keys === "all" || op.keys === "empty";
  if (whole && user !== world.scratch) {
    // The viewer's record holds data the fuzzer does not own: delete only its own keys there.
    const mine = [...(ctx.touched.get(user) ?? [])]
      .filter((k) => OWNED_KEY.test(k) && k.startsWith(ctx.prefix))
      .slice(0, 90);
    if (mine.length === 0) return;
    const a = await run.send(
      {
        method: "DELETE",
        path: SELF_APPDATA.delete,
        query: [["fields", mine.join(",")]],
        as: user,
      },
      { ...refused(200, "S-4.5-DELETE-FIELDS"), ...keyCharsOpen(mine) },
    );
    if (a.status === 200) data.delete(world.mainApp, user, mine);
    return;
  }
  const keys = Array.isArray(op.keys) ? op.keys.map(run.key) : undefined;
  const query: [string, string][] =
    op.keys === "empty" ? [["fields", ""]] : keys ? [["fields", keys.join(",")]] : [];
  const a = await run.send(
    {
      method: "DELETE",
      path: operationPath("appdata-delete", { guid: guidText(op.guid, user, user) }),
      query,
      as: user,
    },
    {
      ...refused(
        200,
        keys ? "S-4.5-DELETE-FIELDS" : op.keys === "empty" ? "P-DATA-5" : "S-4.5-DELETE-ALL",
      ),
      ...keyCharsOpen(keys ?? []),
    },
  );
  if (a.status === 200) data.delete(world.mainApp, user, keys);
  if (op.verify) await run.readBack(user);
};
