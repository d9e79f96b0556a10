import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { SerializedError, TestError, UserConsoleLog } from 'vitest';
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';
import { type Paint, paint, wantsColour } from '../terminal.ts';
import { type CheckResult, TYPE_CHECK_FILE } from '../workshop/checksRun.ts';
import { FIRST_FAILURE_TITLE } from './firstFailure.ts';
import { isStartupFailure } from './startupFailure.ts';

const STARTUP_FAILURE_TITLE = 'And the application could not be built, in full:';

/** One check's outcome, as the report lists it. */
export interface ReportedCheck {
  /** The check file's absolute path. */
  module: string;
  name: string;
  /** What went wrong, as the learner reads it; undefined when the check passed. */
  failure: string | undefined;
  /** Why the check did not run, when it did not: it neither passed nor failed. */
  skipped?: string | undefined;
  /** How long it took, when vitest timed it. */
  durationMs?: number | undefined;
  /** The name with its describe blocks, `ping > GET /ping answers …`, when it has some. */
  fullName?: string | undefined;
}

export interface ReporterOptions {
  /** Colour the report; by default as FORCE_COLOR or NO_COLOR say (runChecks sets one). */
  colour?: boolean | undefined;
  /** Checks run outside vitest (a warm checker's type-check), reported with vitest's. */
  moreChecks?: (() => Promise<ReportedCheck[]>) | undefined;
  /** Where the report goes; by default vitest's output. */
  write?: ((text: string) => void) | undefined;
}

/**
 * How the checks speak to the learner (runChecks passes it to vitest as its reporter). Once the
 * run ends: one line per check, in a fixed order; under a failed check, what went wrong in one
 * line; then the first failure in full, last, so that its Sent / Expected / Received stay on
 * screen above the verdict (a type error first, with what stopped the application under it). Each failure is shown once: no "Failed Tests" section repeating them,
 * and a failure every check shares (a syntax error in src/app.ts fails them all) is written out
 * for the first check only.
 */
export default class WorkshopReporter implements Reporter {
  #vitest: Vitest | undefined;
  readonly #colour: boolean;
  readonly #paint: Paint;
  readonly #moreChecks: ReporterOptions['moreChecks'];
  readonly #out: ReporterOptions['write'];
  #startedAt = 0;
  #results: ReportedCheck[] = [];
  #passed: boolean | undefined;
  #checks: CheckResult[] = [];

  constructor(options: ReporterOptions = {}) {
    // runChecks sets FORCE_COLOR or NO_COLOR for a vitest process, whose stdout is a pipe.
    this.#colour = options.colour ?? wantsColour({ isTTY: false }, process.env);
    this.#paint = paint(this.#colour);
    this.#moreChecks = options.moreChecks;
    this.#out = options.write;
  }

  /** Whether every check of the last run passed; undefined before a run ends. */
  get passed(): boolean | undefined {
    return this.#passed;
  }

  /**
   * Each check of the last run, as vitest's JSON report gives them to `runChecks`: a check file
   * that could not run is one failed check named after the file.
   */
  get checks(): CheckResult[] {
    return this.#checks;
  }

  onInit(vitest: Vitest): void {
    this.#vitest = vitest;
  }

  onTestRunStart(): void {
    this.#startedAt = performance.now();
    this.#results = [];
    this.#passed = undefined;
    this.#checks = [];
  }

  onUserConsoleLog(log: UserConsoleLog): void {
    // The framework's default ErrorLogger line: a failed check shows the same error, under Thrown.
    if (log.content.startsWith('[hyperpipe] ')) return;
    const lines = log.content.trimEnd().split('\n');
    this.#write(lines.map((line) => this.#paint.dim(`  │ ${line}`)).join('\n'));
  }

  onTestCaseResult(testCase: TestCase): void {
    const result = testCase.result();
    if (result.state === 'passed' || result.state === 'failed') {
      this.#results.push({
        module: testCase.module.moduleId,
        name: testCase.name,
        failure:
          result.state === 'failed' ? describeError(result.errors?.[0], this.#root()) : undefined,
        durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
        fullName: testCase.fullName,
      });
    } else if (result.state === 'skipped' && result.note) {
      // A check that said why it could not run (the type-check of a file that does not parse).
      this.#results.push({
        module: testCase.module.moduleId,
        name: testCase.name,
        failure: undefined,
        skipped: result.note,
      });
    }
  }

  async onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): Promise<void> {
    const p = this.#paint;
    const more = (await this.#moreChecks?.()) ?? [];
    // Checks finish in any order across files: the step's own first, then the type-check
    // every step shares, so that the same mistake always gives the same report.
    const results = [...this.#results, ...more].sort(
      (a, b) => rank(a.module) - rank(b.module) || a.module.localeCompare(b.module),
    );
    const failures: string[] = [];
    for (const { name, failure, skipped } of results) {
      if (skipped !== undefined) {
        this.#write(p.dim(`– ${name}\n    ${skipped}`));
        continue;
      }
      if (failure === undefined) {
        this.#write(`${p.green('✓')} ${name}`);
        continue;
      }
      const repeated = failures.includes(failure);
      if (!repeated) failures.push(failure);
      const summary = repeated
        ? p.dim(' (the same failure as above)')
        : `\n    ${p.red(failure.split('\n')[0] ?? '')}`;
      this.#write(`${p.red('✗')} ${name}${summary}`);
    }
    // A check file that could not even run (a syntax error in it) has no checks to report it.
    const broken = [
      ...testModules.flatMap((module) =>
        module
          .errors()
          .map(
            (error) => `${this.#relative(module.moduleId)}: ${describeError(error, this.#root())}`,
          ),
      ),
      ...unhandledErrors.map((error) => describeError(error, this.#root())),
    ];
    for (const error of broken) if (!failures.includes(error)) failures.push(error);
    this.#checks = this.#checkResults(results, testModules);
    // A type error is most often the cause of the failures beside it: shown in full first, it
    // sends the learner to their code, and to the hint of its file's rule when it has one.
    const typeError = results.find((result) => rank(result.module) === 1)?.failure;
    if (typeError !== undefined)
      failures.unshift(...failures.splice(failures.indexOf(typeError), 1));
    const [first] = failures;
    if (first !== undefined) {
      // The list above holds every failure, this one included: say how many in all.
      const count = failures.length > 1 ? ` of ${failures.length}` : '';
      const title = `${FIRST_FAILURE_TITLE}${count}, in full:`;
      this.#write(`\n${p.bold(title)}\n\n${first}`);
    }
    // What createApp threw may have nothing to do with the type error shown above, and the list
    // gives it one line: shown in full under it, it is not hidden until the types are fixed.
    const startup = typeError === undefined ? undefined : failures.find(isStartupFailure);
    if (startup !== undefined) this.#write(`\n${p.bold(STARTUP_FAILURE_TITLE)}\n\n${startup}`);
    const ran = results.filter((result) => result.skipped === undefined);
    const passed = ran.filter((result) => result.failure === undefined).length;
    const failed = ran.length - passed + broken.length;
    this.#passed = failed === 0 && ran.length > 0;
    const seconds = ((performance.now() - this.#startedAt) / 1000).toFixed(1);
    const verdict =
      failed === 0
        ? p.green(`${passed} of ${passed} checks pass`)
        : p.red(`${failed} of ${passed + failed} checks fail`);
    // Checks that waited on another are neither: counted apart, so that none seems lost.
    const waiting = results.length - ran.length;
    const skippedCount = waiting === 0 ? '' : `, ${waiting} skipped`;
    this.#write(`\n${verdict}${skippedCount} (${seconds} s)`);
  }

  #checkResults(
    results: readonly ReportedCheck[],
    testModules: ReadonlyArray<TestModule>,
  ): CheckResult[] {
    const checks = results.map(
      ({ module, name, failure, skipped, durationMs, fullName }): CheckResult => ({
        file: this.#relative(module),
        name: fullName ?? name,
        status: skipped !== undefined ? 'skipped' : failure === undefined ? 'passed' : 'failed',
        durationMs: durationMs ?? 0,
        failure,
      }),
    );
    for (const module of testModules) {
      const [error] = module.errors();
      if (error === undefined) continue;
      const file = this.#relative(module.moduleId);
      const failure = describeError(error, this.#root());
      checks.push({ file, name: file, status: 'failed', durationMs: 0, failure });
    }
    return checks;
  }

  #root(): string {
    return this.#vitest?.config.root ?? process.cwd();
  }

  #relative(file: string): string {
    return relative(this.#root(), file);
  }

  #write(colouredText: string): void {
    // Errors carry colours of their own (a parser's code frame): a pipe or NO_COLOR gets none.
    const text = this.#colour ? colouredText : stripVTControlCharacters(colouredText);
    if (this.#out) this.#out(`${text}\n`);
    else if (this.#vitest) this.#vitest.logger.log(text);
    else process.stdout.write(`${text}\n`);
  }
}

/** Where a check's result goes: the step's checks, then the type-check every step gets. */
function rank(moduleId: string): number {
  return moduleId.endsWith(`/${TYPE_CHECK_FILE}`) ? 1 : 0;
}

/**
 * A failure as the learner reads it. A CheckFailure already speaks to the learner; any other
 * error (a check's own expect(), a TypeError in the learner's code) gets its name, message,
 * vitest's diff if any, and the place it was raised.
 */
export function describeError(
  error: TestError | SerializedError | undefined,
  root: string,
): string {
  if (!error) return 'failed, without an error to say why';
  if (error.name === 'CheckFailure') return error.message;
  const lines = [`${error.name ?? 'Error'}: ${error.message}`];
  if (typeof error.diff === 'string' && error.diff !== '') lines.push('', error.diff);
  const frame = error.stacks?.find((entry) => !entry.file.includes('/node_modules/'));
  if (frame) lines.push(`  at ${relative(root, frame.file)}:${frame.line}:${frame.column}`);
  return lines.join('\n');
}
