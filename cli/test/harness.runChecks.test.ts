import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runChecks } from '../src/harness/runChecks.ts';
import { findStep, loadManifest } from '../src/workshop/manifest.ts';
import { SOLUTIONS_DIR } from '../src/workshop/paths.ts';

const ping = findStep(loadManifest(), 'ping');
// biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are control characters
const ANSI_CODES = /\u001b\[[0-9;]*m/g;

/** Processes whose environment holds `marker` (Linux only: read from /proc). */
function processesWith(marker: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'utf8').includes(marker);
      } catch {
        return false; // gone meanwhile, or not ours
      }
    })
    .map(Number);
}

describe('runChecks', () => {
  const folders: string[] = [];
  afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true }))));

  it('runs a step against a target kind, and reports each check with json', async () => {
    const run = await runChecks({ step: ping, target: 'solution', json: true });
    expect(run.passed, run.output).toBe(true);
    expect(run.exitCode).toBe(0);
    expect(run.aborted).toBe(false);
    expect(run.durationMs).toBeGreaterThan(0);
    expect(run.output).toContain('answers GET /ping with JSON');
    expect(run.checks?.length).toBeGreaterThanOrEqual(5);
    expect(run.checks?.every((check) => check.status === 'passed')).toBe(true);
    expect(run.checks?.[0]).toMatchObject({
      file: 'exercises/02-ping/ping.check.ts',
      name: expect.stringContaining('step 02'),
      failure: undefined,
    });
  });

  it('fails against a folder that fails, with the learner-facing report in each failure', async () => {
    const lines: string[] = [];
    const run = await runChecks({
      step: '02',
      target: join(SOLUTIONS_DIR, '01-hello'),
      json: true,
      onOutput: (chunk) => lines.push(chunk),
    });
    expect(run.passed).toBe(false);
    expect(run.exitCode).toBe(1);
    expect(lines.join('')).toBe(run.output);
    const failed = run.checks?.find((check) => check.status === 'failed');
    expect(failed?.failure).toMatch(
      /GET \/ping: status is 404, not 200[\s\S]*Sent:[\s\S]*Expected:[\s\S]*Received:[\s\S]*Hint: +read hint 1[\s\S]*exercises\/02-ping\/hints\.md/,
    );
  });

  it('does not start vitest when the signal is already aborted', async () => {
    const run = await runChecks({ step: ping, target: 'solution', signal: AbortSignal.abort() });
    expect(run).toMatchObject({ passed: false, aborted: true, output: '' });
  });

  it.runIf(existsSync('/proc/self/environ'))(
    'kills watch mode on abort and leaves no process behind',
    async () => {
      // A uniquely named way to the solution marks the processes of this run.
      const folder = await mkdtemp(join(tmpdir(), 'hyperpipe-watch-'));
      folders.push(folder);
      const target = join(folder, 'target');
      await symlink(join(SOLUTIONS_DIR, '02-ping'), target);
      const controller = new AbortController();
      let sawProcesses = 0;
      let output = '';
      const run = runChecks({
        step: ping,
        target,
        watch: true,
        signal: controller.signal,
        onOutput: (chunk) => {
          output += chunk;
          // Once the first run has reported, watch mode waits for changes: stop it there.
          const plain = output.replace(ANSI_CODES, '');
          if (/Tests\s+\d+ passed/.test(plain) && !controller.signal.aborted) {
            sawProcesses = processesWith(`WORKSHOP_TARGET=${target}`).length;
            controller.abort();
          }
        },
      });
      const result = await run;
      expect(sawProcesses, result.output).toBeGreaterThan(0);
      expect(result.aborted).toBe(true);
      expect(result.passed).toBe(false);
      expect(processesWith(`WORKSHOP_TARGET=${target}`)).toEqual([]);
    },
  );
});
