/**
 * How help text is laid out: the width (the terminal's, at most 100 columns), paragraphs wrapped
 * at spaces, and two columns (a name and what it does). The program's help (main-help.ts) and
 * each command's (command-help.ts) are written with these.
 */

/** The width help is laid out in: the terminal's, at most 100 columns. */
export function helpWidth(columns: number | undefined = process.stdout.columns): number {
  return Math.min(100, columns || 100);
}

/** `text` cut into lines of at most `width` characters at spaces (a longer word stays whole). */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines;
}

/** Two columns, indented by two: the left one as wide as its widest cell, the right one wrapped. */
export function columns(rows: readonly (readonly [string, string])[], width: number): string {
  const left = Math.max(...rows.map(([l]) => l.length)) + 2;
  const indent = " ".repeat(2 + left);
  return rows
    .map(([l, r]) =>
      wrapText(r, Math.max(20, width - indent.length))
        .map((line, i) => (i === 0 ? `  ${l.padEnd(left)}${line}` : `${indent}${line}`))
        .join("\n"),
    )
    .join("\n");
}
