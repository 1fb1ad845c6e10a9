/**
 * The limits the checks read an answer's Atom under. The body has come through the runner's
 * cap on a response (transport/http-client.ts, 4 MiB), which is what bounds it; the Atom
 * reader's own default of 1 MiB would refuse a correct answer, a friend's record of up to 4 MiB
 * (P-DATA-7) in an `@friends` feed, as if it were not Atom at all.
 */
import type { AtomReadLimits } from "../../codecs/atom/limits.js";
import { DEFAULT_LIMITS } from "../transport/client-limits.js";

/** An answer's Atom is read up to the response cap (the default depth stays). */
export const ANSWER_ATOM_LIMITS: AtomReadLimits = { maxBytes: DEFAULT_LIMITS.maxBodyBytes };
