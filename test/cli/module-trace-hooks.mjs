// Resolve hook of module-trace.mjs: reports each resolved module URL on stderr.
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  process.stderr.write(`loaded ${resolved.url}\n`);
  return resolved;
}
