import { describe, expect, it } from 'vitest';
import { checkRunJson } from '../src/commands/checkJson.ts';
import { findStep, loadManifest } from '../src/workshop/manifest.ts';

const step = findStep(loadManifest(), '02');
const failure = [
  'GET /ping: status is 404, not 200',
  '',
  '  Hint:     read hint 1',
  '    at /work/repo/exercises/02-ping/ping.check.ts:12:5',
  '    at async file:///work/repo/node_modules/@vitest/runner/dist/chunk.js:1903:20',
].join('\n');
const run = {
  passed: false,
  exitCode: 1,
  output: '\u001b[31m✗ answers GET /ping\u001b[39m\n',
  durationMs: 1234.6,
  aborted: false,
  hint: 1,
  checks: [
    {
      file: 'exercises/02-ping/ping.check.ts',
      name: 'answers GET /ping',
      status: 'failed' as const,
      durationMs: 3,
      failure,
    },
  ],
};

describe('the JSON of a check run', () => {
  it('has one shape, with each check and without stack traces or colours', () => {
    expect(checkRunJson(step, 'workspace', run)).toEqual({
      step: '02-ping',
      target: 'workspace',
      passed: false,
      durationMs: 1235,
      hint: 1,
      checks: [
        {
          file: 'exercises/02-ping/ping.check.ts',
          name: 'answers GET /ping',
          status: 'failed',
          durationMs: 3,
          failure: 'GET /ping: status is 404, not 200\n\n  Hint:     read hint 1',
        },
      ],
      output: '✗ answers GET /ping\n',
    });
  });

  it('adds what verification and mutants add, and leaves out what is unknown', () => {
    const json = checkRunJson(
      step,
      'mutant x',
      { ...run, hint: undefined, checks: undefined },
      {
        killed: true,
        hint: 2,
      },
    );
    expect(json).toMatchObject({ killed: true, hint: 2, checks: [] });
    // A run whose failure names no hint, or that passed, says so: the key is always there.
    expect(checkRunJson(step, 'solution', { ...run, hint: undefined }).hint).toBeNull();
    expect(
      checkRunJson(step, 'solution', { ...run, passed: true, hint: undefined }).hint,
    ).toBeNull();
  });
});
