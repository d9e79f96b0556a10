/**
 * Renders rows as a Markdown table with padded columns: readable in a terminal and
 * pasteable into docs/benchmarks.md as it is. Columns after the first are right-aligned,
 * since they hold numbers.
 */
export function markdownTable(header: readonly string[], rows: readonly string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (column === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** 12345.6 → "12,346". */
export function formatInteger(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** "MET" or "NOT MET", for the target lines. */
export function verdict(met: boolean): string {
  return met ? 'MET' : 'NOT MET';
}
