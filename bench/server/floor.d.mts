/** Types of floor.mjs (plain JavaScript, run by `node` in target.mjs). */
export function floorAnswer(req: {
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}): [status: number, body: string];
