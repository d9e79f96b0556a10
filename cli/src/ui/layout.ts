/**
 * How much of the terminal the live part (header, step list, status, keys) takes. Check
 * reports, hints and READMEs are printed above it and scroll up: the taller the live part,
 * the less of them stays in view. A failure report ends with the failure's hint, the count
 * and the verdict; those must stay in view even on a small terminal (70×25).
 */

/** Rows kept free above the live part for the end of what was printed last. */
export const OUTPUT_ROWS = 13;

export interface StepsLayout {
  /** Blank lines between the parts, and the key help naming the working step. */
  spacious: boolean;
  /** Rows for the step list, its "more" lines included. */
  listHeight: number;
}

/**
 * The spacious layout when it fits with every step listed; else a compact one, whose list
 * gets the rows that are left (scrolled to keep the selection in view).
 */
export function stepsLayout(size: {
  rows: number;
  steps: number;
  statusRows: number;
  /** The key help's rows, spacious (naming the working step) and compact. */
  keyRows: { spacious: number; compact: number };
}): StepsLayout {
  // At most the rows above, and never the whole terminal: a live part as tall as the
  // terminal makes Ink clear the screen and print everything again on each change.
  const budget = Math.max(size.rows - 1 - OUTPUT_ROWS, 0);
  // A blank line above the header, the header, then blank lines around the list.
  const spacious = 2 + 1 + size.steps + 1 + size.statusRows + size.keyRows.spacious;
  if (spacious <= budget) return { spacious: true, listHeight: size.steps };
  const fixed = 2 + size.statusRows + size.keyRows.compact;
  const room = Math.min(budget, size.rows - 1) - fixed;
  return { spacious: false, listHeight: Math.max(1, Math.min(size.steps, room)) };
}

/** Rows for a README: the terminal's, less one for its key line and one Ink keeps free. */
export function readmeHeight(rows: number): number {
  return Math.max(1, rows - 2);
}
