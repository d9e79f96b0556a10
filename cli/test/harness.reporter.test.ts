import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatReport } from '../src/harness/report.ts';
import WorkshopReporter, { type ReportedCheck } from '../src/harness/reporter.ts';
import { pointedHint } from '../src/harness/runChecks.ts';
import { STARTUP_FAILURE } from '../src/harness/startupFailure.ts';
import { TYPE_CHECK_NAME, typeCheckFailure } from '../src/harness/typeCheckFailure.ts';
import { TYPE_CHECK_FILE } from '../src/workshop/checksRun.ts';
import { NO_HINT_NAMED } from '../src/workshop/hints.ts';
import { REPO_ROOT } from '../src/workshop/paths.ts';

const STEP_CHECKS = join(REPO_ROOT, 'exercises/02-ping/ping.check.ts');
const TYPE_ERROR = typeCheckFailure([
  "src/handlers/PingHandler.ts:4:9 Type 'string' is not assignable to type 'number'.",
]);
const CREATE_APP_FAILED = formatReport({
  summary: STARTUP_FAILURE.threw,
  received: ['createApp() threw: unknown configuration key "routs"'],
  hint: 3,
});

/** The report the reporter writes once a run of `checks` ends. */
async function reportOf(checks: ReportedCheck[]): Promise<string> {
  let output = '';
  const reporter = new WorkshopReporter({
    colour: false,
    moreChecks: async () => checks,
    write: (text) => {
      output += text;
    },
  });
  reporter.onTestRunStart();
  await reporter.onTestRunEnd([], []);
  return output;
}

describe('the report of a run', () => {
  it('shows a type error in full first, then what createApp threw, when both fail', async () => {
    const output = await reportOf([
      { module: STEP_CHECKS, name: 'GET /ping answers', failure: CREATE_APP_FAILED },
      { module: STEP_CHECKS, name: 'DELETE /ping is refused', failure: CREATE_APP_FAILED },
      { module: join(REPO_ROOT, TYPE_CHECK_FILE), name: TYPE_CHECK_NAME, failure: TYPE_ERROR },
    ]);
    const typeError = output.indexOf('\ntype error at src/handlers/PingHandler.ts:4:9');
    const threw = output.indexOf('createApp() threw: unknown configuration key "routs"');
    expect(typeError, output).toBeGreaterThan(output.indexOf('The first failure of 2, in full:'));
    expect(threw, output).toBeGreaterThan(typeError);
    // Only the failure of createApp names a hint: `hint` shows that one.
    expect(pointedHint(output)).toBe(3);
    expect(output).toMatch(/3 of 3 checks fail/);
  });

  it('shows a type error alone in full when the application starts', async () => {
    const output = await reportOf([
      { module: STEP_CHECKS, name: 'GET /ping answers', failure: 'GET /ping: status is 500' },
      { module: join(REPO_ROOT, TYPE_CHECK_FILE), name: TYPE_CHECK_NAME, failure: TYPE_ERROR },
    ]);
    const full = output.slice(output.indexOf('in full:'));
    expect(full).toMatch(/^in full:\n\ntype error at src\/handlers\/PingHandler\.ts/);
    expect(full).not.toContain('status is 500');
  });

  it('lists a check that waits on another under it, and counts it apart', async () => {
    const note = 'skipped until "GET /ping answers" passes';
    const output = await reportOf([
      { module: STEP_CHECKS, name: 'GET /ping answers', failure: 'GET /ping: status is 500' },
      { module: STEP_CHECKS, name: 'DELETE /ping is refused', failure: undefined, skipped: note },
    ]);
    expect(output).toContain(`– DELETE /ping is refused\n    ${note}`);
    expect(output).toMatch(/1 of 1 checks fail, 1 skipped/);
  });

  it("names the hint of the rule a type error's file is about, or says plainly that none is", async () => {
    const cast = typeCheckFailure(
      ["config/autoload/dependencies.global.ts:15:26 Object is of type 'unknown'."],
      '03-configuration',
    );
    expect(pointedHint(await reportOf([typeChecked(cast)]))).toBe(6);
    // Step 02's src/app.ts holds each of its rules: none is the one.
    const anywhere = typeCheckFailure(
      ["src/app.ts:4:9 Type 'string' is not assignable to type 'number'."],
      '02-ping',
    );
    const output = await reportOf([typeChecked(anywhere)]);
    expect(output).toContain(
      'Hint:     no hint: no single rule of step 02 is about src/app.ts:4:9',
    );
    expect(pointedHint(output)).toBe(NO_HINT_NAMED);
  });
});

/** The type-check's result, failed with `failure`. */
function typeChecked(failure: string | undefined): ReportedCheck {
  return { module: join(REPO_ROOT, TYPE_CHECK_FILE), name: TYPE_CHECK_NAME, failure };
}
