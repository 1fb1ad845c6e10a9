/** Where a command writes: process.stdout / process.stderr, or a buffer in tests. */
export interface TextSink {
  write(text: string): unknown;
  /** A terminal gets live progress redrawn in place; anything else plain lines. */
  readonly isTTY?: boolean;
  readonly columns?: number;
}
