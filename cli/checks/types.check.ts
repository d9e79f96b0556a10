// Checked with every step: a TypeScript workshop must not pass `const port: number = 'eighty'`.
// A guard, as the steps' "still …" checks are: every starter type-checks, and must go on to.
import { CheckFailure, checkContext, typeErrors } from '@hyperpipe/cli/harness';
import { it } from 'vitest';

const SHOWN = 5;

it('type-checks: no type errors in src/ and config/', () => {
  const errors = typeErrors(checkContext().target);
  if (errors.length === 0) return;
  const more = errors.length > SHOWN ? [`… and ${errors.length - SHOWN} more`] : [];
  throw new CheckFailure({
    summary: `type error at ${errors[0]}`,
    expected: ['no type errors in src/ and config/ (your editor underlines them too)'],
    received: [...errors.slice(0, SHOWN), ...more],
  });
});
