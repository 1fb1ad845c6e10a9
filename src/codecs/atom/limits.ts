/**
 * Bounds on untrusted Atom input: size and nesting are checked before and while
 * parsing, so that hostile documents cost linear time and bounded memory.
 */
import { limitOption } from "../limit-option.js";

/** Limits of the Atom readers. */
export interface AtomReadLimits {
  /** Largest accepted document, in bytes as given (a string counted in UTF-8). Default 1 MiB. */
  maxBytes?: number;
  /**
   * Deepest accepted element nesting (the `feed` element is depth 1). Default 32; values above
   * {@link MAX_ATOM_DEPTH} are treated as that.
   */
  maxDepth?: number;
}

/** The default limits: 1 MiB, depth 32. */
export const DEFAULT_ATOM_LIMITS = { maxBytes: 1024 * 1024, maxDepth: 32 } as const;

/**
 * The cap on `maxDepth`. It was set when the reader used saxes, which resolved each
 * element's namespace prefix by walking the open elements (time growing with the square of the
 * depth: 32k levels took 3.6–3.8 s). The reader's own scanner resolves a prefix in constant time
 * (32k levels: under 0.1 s; `bench/codec/depth.ts`); the cap stays as the documented bound.
 */
export const MAX_ATOM_DEPTH = 256;

/** The nesting limit in effect: the caller's `maxDepth` (default 32), at most {@link MAX_ATOM_DEPTH}. */
export function effectiveDepth(limits: AtomReadLimits): number {
  return Math.min(
    limitOption("maxDepth", limits.maxDepth, DEFAULT_ATOM_LIMITS.maxDepth),
    MAX_ATOM_DEPTH,
  );
}

/**
 * UTF-8 length of `text`, stopping as soon as it passes `limit` (so a 10 MB string costs no
 * more than the first `limit` characters).
 */
export function utf8LengthUpTo(text: string, limit: number): number {
  if (text.length > limit) return text.length;
  if (text.length * 3 <= limit) return text.length;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
    if (n > limit) return n;
  }
  return n;
}
