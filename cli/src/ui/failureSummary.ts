import { stripVTControlCharacters } from 'node:util';
import { FIRST_FAILURE_TITLE } from '../harness/firstFailure.ts';

/**
 * The first line of the failure a check report shows in full (under its title, after a blank
 * line), or undefined when the report shows none. A long report scrolls that line out of a
 * small terminal: the app keeps it in view.
 */
export function failureSummary(output: string): string | undefined {
  const plain = stripVTControlCharacters(output);
  const at = plain.lastIndexOf(FIRST_FAILURE_TITLE);
  if (at === -1) return undefined;
  const [, ...after] = plain.slice(at).split('\n');
  return after.find((line) => line.trim() !== '')?.trim();
}
