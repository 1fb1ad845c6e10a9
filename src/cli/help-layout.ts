/**
 * How help text is laid out: the width (the terminal's, at most 100 columns), paragraphs wrapped
 * at spaces, and two columns (a name and what it does, with its traits at the right edge). The
 * program's help (main-help.ts) and each command's (command-help.ts) are written with these.
 */

/** The width help is laid out in: the terminal's, at most 100 columns. */
export function helpWidth(columns: number | undefined = process.stdout.columns): number {
  return Math.min(100, columns || 100);
}

/** `text` cut into lines of at most `width` characters at spaces (a longer word stays whole). */
export function wrapText(text: string, width: number): string[] {
  return wrapPieces(text.split(" "), width);
}

/**
 * Traits (`[string] [choices: "core", "profile"]`) cut into lines of at most `width` characters,
 * each bracketed trait whole on one line when it fits there, else cut at its spaces.
 */
function wrapTraits(trait: string, width: number): string[] {
  const groups = trait.match(/\[[^\]]*\]/g) ?? [trait];
  return wrapPieces(
    groups.flatMap((g) => (g.length <= width ? [g] : g.split(" "))),
    width,
  );
}

/** Pieces joined by spaces into lines of at most `width` characters (a longer piece stays whole). */
function wrapPieces(pieces: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of pieces) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines;
}

/** Rows of names and descriptions, each description ending with its traits at the right edge. */
export function table(rows: readonly (readonly [string, string, string])[], width: number): string {
  const left = Math.max(...rows.map(([l]) => l.length)) + 2;
  const indent = " ".repeat(2 + left);
  const right = Math.max(20, width - indent.length);
  return rows
    .map(([name, describe, trait]) => {
      const lines = wrapText(describe, right);
      const last = lines.at(-1) ?? "";
      if (trait !== "") {
        if (last.length + 1 + trait.length <= right)
          lines[lines.length - 1] = last + " ".repeat(right - last.length - trait.length) + trait;
        else lines.push(...wrapTraits(trait, right));
      }
      return lines
        .map((line, i) => (i === 0 ? `  ${name.padEnd(left)}${line}` : `${indent}${line}`))
        .join("\n");
    })
    .join("\n");
}

/** Two columns, indented by two: the left one as wide as its widest cell, the right one wrapped. */
export function columns(rows: readonly (readonly [string, string])[], width: number): string {
  return table(
    rows.map(([l, r]) => [l, r, ""]),
    width,
  );
}
