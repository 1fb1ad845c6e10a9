// Resolve hook of module-trace.mjs: reports each resolved module URL on stderr. The hooks run on
// a thread of their own, whose process.stderr is relayed to the process asynchronously: a CLI
// that ends at once (a usage error) lost lines that way, so each line is written synchronously.
import { writeSync } from "node:fs";

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  writeSync(2, `loaded ${resolved.url}\n`);
  return resolved;
}
