/**
 * The limits the checks read an answer's Atom under. The body has come through the run's cap
 * on an answer (`--max-answer-bytes`, 4 MiB by default, at most LARGEST_ANSWER_BYTES), which
 * is what bounds it; the Atom reader's own default of 1 MiB would refuse a correct answer, a
 * friend's record of up to 4 MiB (P-DATA-7) in an `@friends` feed, as if it were not Atom at all.
 */
import type { AtomReadLimits } from "../../codecs/atom/limits.js";
import { LARGEST_ANSWER_BYTES } from "../transport/client-limits.js";

/** An answer's Atom is read up to the largest answer cap a run may set (the default depth stays). */
export const ANSWER_ATOM_LIMITS: AtomReadLimits = { maxBytes: LARGEST_ANSWER_BYTES };
