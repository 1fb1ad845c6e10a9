/** P-DATA-1: the longest value, in astral code points (twice as many UTF-16 units), is stored. */
import { LONGEST_VALUE } from "../alphabet.js";
import { jsonBody, SELF_APPDATA } from "./request-parts.js";
import { refused, type Step } from "./step.js";

export const writeLongest: Step<"write-longest"> = async (_op, run) => {
  const { world } = run;
  const pairs = [[run.key("long"), LONGEST_VALUE]] as const;
  run.touch(world.viewer, [run.key("long")]);
  const a = await run.send(
    { method: "POST", path: SELF_APPDATA.write, body: jsonBody(pairs) },
    refused(200, "P-DATA-1"),
  );
  if (a.status === 200) run.data.write(world.mainApp, world.viewer, pairs);
};
