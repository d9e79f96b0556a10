// Checked with every step: a TypeScript workshop must not pass `const port: number = 'eighty'`.
// A guard, as the steps' "still …" checks are: every starter type-checks, and must go on to.
// (A warm checker, warmChecks.ts, runs the same type-check beside vitest instead of this file.)
import { checkContext } from '@hyperpipe/cli/harness';
import { it } from 'vitest';
import {
  TYPE_CHECK_NAME,
  TYPE_CHECK_NOT_RUN,
  typeCheckFailure,
} from '../src/harness/typeCheckFailure.ts';
import { typeErrors } from '../src/harness/typecheck.ts';

it(TYPE_CHECK_NAME, async (context) => {
  const errors = await typeErrors(checkContext().target);
  if (errors === null) context.skip(TYPE_CHECK_NOT_RUN);
  const failure = typeCheckFailure(errors ?? [], checkContext().step);
  if (failure) throw failure;
});
