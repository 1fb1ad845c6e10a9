/** §8: a write of 99 pairs, the most one write may carry, is served (S-8-PAIR-LIMIT, P-DATA-3). */
import { keyCharsOpen } from "../expected.js";
import { jsonBody, SELF_APPDATA } from "./request-parts.js";
import { refused, type Step } from "./step.js";

export const write99: Step<"write-99"> = async (op, run) => {
  const user = run.writerId(op.writer);
  const pairs = Array.from({ length: 99 }, (_, i) => [run.key(`n${i}`), `v${i}`] as const);
  run.touch(
    user,
    pairs.map(([k]) => k),
  );
  const a = await run.send(
    { method: "POST", path: SELF_APPDATA.write, body: jsonBody(pairs), as: user },
    { ...refused(200, "S-8-PAIR-LIMIT"), ...keyCharsOpen(pairs.map(([k]) => k)) },
  );
  if (a.status === 200) run.data.write(run.world.mainApp, user, pairs);
};
