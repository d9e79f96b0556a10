import { writeFile } from 'node:fs/promises';
import type { SerializedError } from 'vitest';
import type { TestModule } from 'vitest/node';
import WorkshopReporter from './reporter.ts';
import { typeCheckChecks } from './typeCheckFailure.ts';
import { typeErrors } from './typecheck.ts';

/**
 * The report of a vitest process of its own (runChecks.ts), which vitest loads by its path. The
 * type-check runs here, beside vitest, by the native compiler: as a check file it took a worker
 * of its own, which loads vitest and the harness again (step 10's solution on a quiet machine: 4.0 s of
 * CPU a run with that worker, 3.3 s without). The process exits 1 when the report's verdict is
 * a failure, and with `WORKSHOP_CHECKS_FILE` set, each check's result is written there as JSON
 * once the run ends.
 */
export default class ProcessReporter extends WorkshopReporter {
  readonly #typeErrors = typeErrors(process.env.WORKSHOP_TARGET ?? '');

  constructor() {
    super({ moreChecks: () => typeCheckChecks(this.#typeErrors, process.env.WORKSHOP_STEP ?? '') });
    // Reported as the last check; a failure to run it is said there, not thrown here.
    this.#typeErrors.catch(() => undefined);
  }

  override async onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): Promise<void> {
    await super.onTestRunEnd(testModules, unhandledErrors);
    // vitest's exit code counts its own checks only: a type error fails the run too.
    if (this.passed === false) process.exitCode = 1;
    const file = process.env.WORKSHOP_CHECKS_FILE;
    if (file) await writeFile(file, JSON.stringify(this.checks));
  }
}
