/** S-4.5-OWN-ONLY: a delete of another user's data is refused 403. */
import { operationPath } from "../../../model/operations.js";
import { refused, type Step } from "./step.js";

export const deleteOther: Step<"delete-other"> = async (op, run) => {
  const other = run.who(op.who) === run.world.viewer ? run.who(op.who + 1) : run.who(op.who);
  await run.send(
    {
      method: "DELETE",
      path: operationPath("appdata-delete", { guid: other }),
      query: [["fields", run.key("a")]],
    },
    refused(403, "S-4.5-OWN-ONLY"),
  );
};
