/**
 * What a fuzz step is: one kind of operation of ops.ts, run against the target (steps.ts keys
 * them by kind). A step gets a {@link StepRun}: the sequence's context, the application-data
 * model, and the helpers every step shares — who a drawn index names, the owned keys, sending
 * with the status judged, and reading in JSON then in Atom.
 */
import { MAX_KEY_LENGTH } from "../../../model/limits.js";
import type { AppDataModel } from "../appdata-model.js";
import { judgeAtomRead } from "../atom-check.js";
import type { FuzzContext } from "../context.js";
import { type Expected, expectRead, type Read } from "../expected.js";
import { judgeJsonReadAtLevel, judgeStatus } from "../judge.js";
import type { AtomAsk, Op, Writer } from "../ops.js";
import type { Answer, FuzzRequest } from "../wire.js";
import type { FuzzWorld } from "../world.js";
import { atomForm, SELF_APPDATA } from "./request-parts.js";

/** A step's view of the run. */
export interface StepRun {
  readonly ctx: FuzzContext;
  readonly world: FuzzWorld;
  /** The application-data model, updated with what a correct server stored. */
  readonly data: AppDataModel;
  /** The user a drawn index names. */
  who(i: number): string;
  /** The writer's id. */
  writerId(w: Writer): string;
  /** Records keys sent to `user`'s record (clean-up deletes them). */
  touch(user: string, keys: Iterable<string>): void;
  /** Sends `req`; when judging and `expected` is given, holds the status to it. */
  send(req: FuzzRequest, expected?: Expected): Promise<Answer>;
  /** The owned key of a tail (P-DATA-1: at most 128 characters; a long tail is cut). */
  key(tail: string): string;
  /** Sends a read, judges it against the model in JSON, then its Atom form. */
  readBoth(req: FuzzRequest, read: Read, atom: AtomAsk): Promise<void>;
  /** The writer's own record, read at once after a write or delete (JSON and Atom). */
  readBack(user: string): Promise<void>;
}

/** Runs one kind of operation. */
export type Step<T extends Op["t"]> = (op: Extract<Op, { t: T }>, run: StepRun) => Promise<void>;

/** An answer that must have `status`, judged under `statement`. */
export function refused(status: number, statement: string): Expected {
  return { status, statement };
}

/** The run of one operation; every answer is pushed to `answers`, in order. */
export function stepRun(data: AppDataModel, ctx: FuzzContext, answers: Answer[]): StepRun {
  const { world } = ctx;
  const run: StepRun = {
    ctx,
    world,
    data,
    who: (i) => ctx.users[i % ctx.users.length] ?? world.viewer,
    writerId: (w) => (w === "scratch" ? (world.scratch ?? world.viewer) : world.viewer),
    touch(user, keys) {
      const set = ctx.touched.get(user) ?? new Set<string>();
      ctx.touched.set(user, set);
      for (const k of keys) set.add(k);
    },
    async send(req, expected) {
      const a = await ctx.wire.send(req);
      answers.push(a);
      if (ctx.judge && expected) judgeStatus(a, expected, ctx.level);
      return a;
    },
    key: (tail) => `${ctx.prefix}${tail}`.slice(0, MAX_KEY_LENGTH),
    async readBoth(req, read, atom) {
      const expected = expectRead(world, data, read);
      const a = await run.send(req, expected);
      if (!ctx.judge || a.status !== 200) {
        if (!ctx.judge) await run.send(atomForm(req, atom));
        return;
      }
      const { json, met } = judgeJsonReadAtLevel(a, expected, ctx.level);
      judgeAtomRead(await run.send(atomForm(req, atom)), met, ctx.level, json);
    },
    async readBack(user) {
      const read: Read = { op: "appdata", as: user, app: "main", user, selector: "@self" };
      await run.readBoth({ method: "GET", path: SELF_APPDATA.read, as: user }, read, "format");
    },
  };
  return run;
}
