/**
 * `opensocial-kit validate` and `opensocial-kit convert`: check a captured response body of one
 * kind, or convert it between JSON and Atom. The logic is the library's
 * (`readCaptured`, `convertCaptured`); this file reads the file and prints (the options are
 * cli/options/payload.ts).
 * Exit codes: 0 valid (or converted), 1 invalid, 2 usage (unknown kind or format, unreadable file).
 */
import { ATOM_KINDS, isAtomKind } from "../../codecs/atom/index.js";
import {
  type CapturedFormat,
  convertCaptured,
  MAX_CAPTURED_BYTES,
  readCaptured,
} from "../../codecs/captured.js";
import { issueLine } from "../../conformance/reporters/issue-text.js";
import { EXIT } from "../../conformance/run/exit-codes.js";
import { quoted } from "../../model/quote.js";
import { isKind, KINDS, type Kind } from "../../schemas/kinds.js";
import { readInput } from "../read-input.js";
import type { TextSink } from "../text-sink.js";

interface PayloadArgs {
  file: string;
  kind: string;
  format?: string | undefined;
}

function checkArgs(args: PayloadArgs, err: TextSink, command: string): Kind | undefined {
  if (!isKind(args.kind)) {
    err.write(
      `opensocial-kit ${command}: unknown kind ${quoted(args.kind)} (${KINDS.join(", ")})\n`,
    );
    return undefined;
  }
  if (args.format !== undefined && args.format !== "json" && args.format !== "atom") {
    err.write(`opensocial-kit ${command}: --format is json or atom\n`);
    return undefined;
  }
  return args.kind;
}

/** The input's bytes, or undefined after saying on `err` why it cannot be read. */
function readOrSay(file: string, err: TextSink, command: string): Uint8Array | undefined {
  const input = readInput(file, MAX_CAPTURED_BYTES);
  if (input.ok) return input.bytes;
  err.write(`opensocial-kit ${command}: ${input.message}\n`);
  return undefined;
}

/**
 * A hint for a people answer checked as the wrong one of the two people kinds: an `@self` or
 * `pid` answer (entry one person) is `person`; a `@friends` answer (entry a list) is `people`.
 */
function kindHint(kind: Kind, bytes: Uint8Array): string | undefined {
  if (kind !== "people" && kind !== "person") return undefined;
  let entry: unknown;
  try {
    entry = (JSON.parse(Buffer.from(bytes).toString("utf8")) as { entry?: unknown }).entry;
  } catch {
    return undefined;
  }
  const one = entry !== null && typeof entry === "object" && !Array.isArray(entry);
  if (kind === "people" && one)
    return "hint: entry is one person, as in an @self or pid answer: check it with --kind person";
  if (kind === "person" && Array.isArray(entry))
    return "hint: entry is a list, as in a @friends answer: check it with --kind people";
  return undefined;
}

/** `validate`: prints `valid` or one line per issue; resolves to the exit code. */
export function validateCommand(
  args: PayloadArgs & { strict: boolean; json: boolean },
  out: TextSink = process.stdout,
  err: TextSink = process.stderr,
): number {
  const kind = checkArgs(args, err, "validate");
  if (!kind) return EXIT.USAGE;
  const bytes = readOrSay(args.file, err, "validate");
  if (!bytes) return EXIT.USAGE;
  const r = readCaptured(bytes, {
    kind,
    strict: args.strict,
    ...(args.format ? { format: args.format as CapturedFormat } : {}),
  });
  if (args.json)
    out.write(
      `${JSON.stringify(r.ok ? { valid: true, format: r.value.format } : { valid: false, issues: r.issues }, null, 2)}\n`,
    );
  else if (r.ok) out.write(`valid ${kind} (${r.value.format}${args.strict ? ", strict" : ""})\n`);
  else {
    for (const i of r.issues) out.write(`${issueLine(i)}\n`);
    const hint = kindHint(kind, bytes);
    if (hint) err.write(`${hint}\n`);
  }
  return r.ok ? 0 : 1;
}

/**
 * An album owner's id as `--owner` takes it: a platformUserId (`<namespace>:<value>`, §2.1) as it
 * stands in a path and after `urn:guid:` (P-FMT-7): no white space, control character or markup.
 */
const OWNER_ID = /^[^\s\p{Cc}:<>"'&]+:[^\s\p{Cc}<>"'&]+$/u;

/** Why `owner` is not an album owner's id, or undefined when it is one. */
function ownerProblem(owner: string): string | undefined {
  if (owner.startsWith("urn:guid:"))
    return `--owner takes the platformUserId, not its urn:guid: form: --owner ${owner.slice("urn:guid:".length)}`;
  if (!OWNER_ID.test(owner))
    return `--owner ${JSON.stringify(owner)} is not a platformUserId (<namespace>:<value>, no white space or markup; social-api.md §2.1)`;
  return undefined;
}

/** `convert`: prints the converted document, or the issues on stderr; resolves to the exit code. */
export function convertCommand(
  args: PayloadArgs & { to: string; owner?: string | undefined },
  out: TextSink = process.stdout,
  err: TextSink = process.stderr,
): number {
  const kind = checkArgs(args, err, "convert");
  if (!kind) return EXIT.USAGE;
  if (args.to !== "json" && args.to !== "atom") {
    err.write("opensocial-kit convert: --to is json or atom\n");
    return EXIT.USAGE;
  }
  if (args.to === "atom" && !isAtomKind(kind)) {
    err.write(`opensocial-kit convert: kind ${kind} has no Atom form (${ATOM_KINDS.join(", ")})\n`);
    return EXIT.USAGE;
  }
  if (args.owner !== undefined) {
    const problem = ownerProblem(args.owner);
    if (problem) {
      err.write(`opensocial-kit convert: ${problem}\n`);
      return EXIT.USAGE;
    }
  }
  if (args.to === "atom" && kind === "photos" && args.owner === undefined) {
    err.write(
      "opensocial-kit convert: photos in Atom name the album owner as each entry's author (P-FMT-7): give --owner <platformUserId>\n",
    );
    return EXIT.USAGE;
  }
  const bytes = readOrSay(args.file, err, "convert");
  if (!bytes) return EXIT.USAGE;
  const r = convertCaptured(bytes, {
    kind,
    to: args.to,
    ...(args.format ? { format: args.format as CapturedFormat } : {}),
    ...(args.owner ? { ownerId: args.owner } : {}),
  });
  if (r.ok) out.write(r.value);
  else for (const i of r.issues) err.write(`${issueLine(i)}\n`);
  return r.ok ? 0 : 1;
}
