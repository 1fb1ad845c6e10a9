/** P-DATA-3: a read or a delete naming 100 keys in `fields` is refused 400. */
import { PAIR_LIMIT } from "../../../model/limits.js";
import { SELF_APPDATA } from "./request-parts.js";
import { refused, type Step } from "./step.js";

export const fields100: Step<"fields-100"> = async (op, run) => {
  const fields = Array.from({ length: PAIR_LIMIT }, (_, i) => run.key(`f${i}`)).join(",");
  await run.send(
    {
      method: op.method,
      path: op.method === "GET" ? SELF_APPDATA.read : SELF_APPDATA.delete,
      query: [["fields", fields]],
    },
    refused(400, "P-DATA-3"),
  );
};
