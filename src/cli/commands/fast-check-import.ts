/**
 * `fuzz` and `diff` run on fast-check (a dependency of the package): they load their library
 * modules only when they run, so that every other command starts without it, and say what to
 * install should an installation have lost it.
 */

/** The module `load` imports, or why it cannot be loaded (a usage error, exit 2). */
export async function importWithFastCheck<T>(load: () => Promise<T>): Promise<T | string> {
  try {
    return await load();
  } catch (e) {
    const err = e as { code?: string; message?: string };
    if (err.code === "ERR_MODULE_NOT_FOUND" && /fast-check/.test(err.message ?? ""))
      return "this command needs fast-check, which this installation lacks: npm install fast-check";
    throw e;
  }
}
