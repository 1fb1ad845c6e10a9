/**
 * The limits every reader of the kit (the checks, the fuzzer, diff) reads an answer's JSON and
 * Atom under. The body has come through the run's cap on an answer (`--max-answer-bytes`, 4 MiB
 * by default, at most LARGEST_ANSWER_BYTES), which is what bounds it; a reader's own default
 * would refuse a correct answer the cap let through: the Atom reader's 1 MiB a friend's record
 * of up to 4 MiB (P-DATA-7) in an `@friends` feed, the JSON reader's 8 Mi characters an answer
 * under a cap raised past it, as if either were not Atom or JSON at all.
 */
import type { AtomReadLimits } from "../../codecs/atom/limits.js";
import type { JsonLimits } from "../../codecs/json/limits.js";
import { LARGEST_ANSWER_BYTES } from "../transport/client-limits.js";

/** An answer's Atom is read up to the largest answer cap a run may set (the default depth stays). */
export const ANSWER_ATOM_LIMITS: AtomReadLimits = { maxBytes: LARGEST_ANSWER_BYTES };

/**
 * An answer's JSON text is read up to the largest answer cap a run may set: N bytes of UTF-8 are
 * at most N UTF-16 code units. Depth 64, the JSON reader's own.
 */
export const ANSWER_JSON_LIMITS: JsonLimits = { maxLength: LARGEST_ANSWER_BYTES, maxDepth: 64 };
