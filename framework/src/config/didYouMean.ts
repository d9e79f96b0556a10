/**
 * ` (did you mean "X"?)` for the candidate closest to `word`, when it is close enough to be
 * what was meant (case aside); `''` otherwise. Configuration mistakes that would be read by
 * nothing (a misspelt key, a method no client sends) are refused with it, so the message
 * names the fix.
 *
 * @param maxEdits - how many edits a near miss may be away; by default half the word, at
 *   least 2
 */
export function didYouMean(
  word: string,
  candidates: readonly string[],
  maxEdits = Math.max(2, Math.floor(word.length / 2)),
): string {
  let best: string | undefined;
  let distance = maxEdits + 1;
  for (const candidate of candidates) {
    const edits = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (edits < distance) [best, distance] = [candidate, edits];
  }
  return best === undefined ? '' : ` (did you mean "${best}"?)`;
}

/** Levenshtein distance: insertions, deletions and substitutions turning `a` into `b`. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        substitution,
      );
    }
    previous = current;
  }
  return previous[b.length] as number;
}
