import { stripVTControlCharacters } from 'node:util';
import wrapAnsi from 'wrap-ansi';

/**
 * The part of a line later lines of it continue under: its indentation, and a `Label:` or a
 * check's mark (`✓ ` or `✗ `).
 */
const HANGING = /^\s*(?:[A-Z][A-Za-z ]{0,20}:\s+|[✓✗] )?/;

/**
 * Wraps text to `width` columns so that a long line continues under its own text: under the
 * value of a report line such as `  Received: {"_links":…}`, under a check's name after its
 * mark, or under the line's indentation.
 * The terminal (and Ink) would continue it at column 0, across the report's columns of labels.
 * Colours survive the breaks.
 */
export function wrapHanging(text: string, width: number): string {
  return text
    .split('\n')
    .map((line) => wrapLine(line, width))
    .join('\n');
}

function wrapLine(line: string, width: number): string {
  const plain = stripVTControlCharacters(line);
  if (plain.length <= width) return line;
  const found = HANGING.exec(plain)?.[0].length ?? 0;
  // A hanging indent deeper than half the line would leave too little room: wrap flush.
  const indent = found <= width / 2 ? found : 0;
  // Wrapped without its leading spaces, which would otherwise fill a row of their own when a
  // long word (a JSON body) follows them.
  const lead = /^ */.exec(line)?.[0] ?? '';
  const rows = wrapAnsi(line.slice(lead.length), width - indent, { hard: true, trim: false });
  return rows
    .split('\n')
    .map((row, index) => (index === 0 ? lead + row : ' '.repeat(indent) + row.trimStart()))
    .join('\n');
}
