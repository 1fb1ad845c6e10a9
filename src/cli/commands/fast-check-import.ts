/**
 * `fuzz` and `diff` run on fast-check, which is a development dependency of the package: they
 * load their library modules only when they run, so that every other command (and an installed
 * package without fast-check) works, and say what to install when it is missing.
 */

/** The module `load` imports, or why it cannot be loaded (a usage error, exit 2). */
export async function importWithFastCheck<T>(load: () => Promise<T>): Promise<T | string> {
  try {
    return await load();
  } catch (e) {
    const err = e as { code?: string; message?: string };
    if (err.code === "ERR_MODULE_NOT_FOUND" && /fast-check/.test(err.message ?? ""))
      return "this command needs fast-check: npm install --save-dev fast-check";
    throw e;
  }
}
