/** What the CLI writes while `main` runs in the test's process: stdout and stderr as strings (undo with vi.restoreAllMocks). */
import { vi } from "vitest";

/** Starts capturing; the arrays fill as the command writes. */
export function captureOutput(): { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((c) => out.push(String(c)) > 0);
  vi.spyOn(process.stderr, "write").mockImplementation((c) => err.push(String(c)) > 0);
  vi.spyOn(console, "log").mockImplementation((...a) => void out.push(a.join(" ")));
  vi.spyOn(console, "error").mockImplementation((...a) => void err.push(a.join(" ")));
  return { out, err };
}
