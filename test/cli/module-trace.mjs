// Loaded with `node --import` into a CLI process: registers module-trace-hooks.mjs, which writes
// every module URL the process resolves to stderr, one `loaded <url>` line each.
import { register } from "node:module";

register(new URL("./module-trace-hooks.mjs", import.meta.url));
