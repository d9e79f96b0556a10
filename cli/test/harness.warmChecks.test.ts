import { cp, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, expect, it } from 'vitest';
import { TYPE_CHECK_FILE } from '../src/workshop/checksRun.ts';
import { REPO_ROOT, SOLUTIONS_DIR } from '../src/workshop/paths.ts';

// The warm runner runs vitest in its own process, which a test worker is not: the cases run in
// a Node process of their own, as the workshop command does, one after another on one warm
// runner as the app's checks are, each from the solution as it was.
const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true }))));

/**
 * Runs each case's body (a module's text that pushes to `results`) with `target`, a copy of
 * step 02's solution, and gives each case's results.
 */
async function inProcess(cases: Record<string, string>): Promise<Record<string, unknown[]>> {
  const folder = await mkdtemp(join(tmpdir(), 'hyperpipe-warm-'));
  folders.push(folder);
  const target = join(folder, 'target');
  await cp(join(SOLUTIONS_DIR, '02-ping'), target, { recursive: true });
  await symlink(join(REPO_ROOT, 'node_modules'), join(target, 'node_modules'));
  await writeFile(join(target, 'package.json'), '{ "type": "module" }\n');
  const script = join(folder, 'script.mts');
  const warmChecks = join(REPO_ROOT, 'cli/src/harness/warmChecks.ts');
  await writeFile(
    script,
    `import { readFileSync, writeFileSync } from 'node:fs';
import { createWarmRunChecks } from ${JSON.stringify(warmChecks)};
const target = ${JSON.stringify(target)};
const app = target + '/src/app.ts';
const original = readFileSync(app, 'utf8');
const warm = createWarmRunChecks();
const check = async (signal) => {
  const run = await warm.runChecks({ step: '02', target, warm: true, stdio: 'pipe', signal });
  const first = run.output.slice(run.output.lastIndexOf('The first failure')).split('\\n')[2];
  return { passed: run.passed, aborted: run.aborted, first: run.passed ? undefined : first };
};
const each = {};
${Object.entries(cases)
  .map(([name, body]) => `each.${name} = [];\n{\nconst results = each.${name};\n${body}\n}`)
  .join('\nwriteFileSync(app, original);\n')}
await warm.close();
console.log(JSON.stringify(each));
`,
  );
  const result = await execa(process.execPath, ['--import', 'tsx', script], {
    cwd: REPO_ROOT,
    env: { NO_COLOR: '1', FORCE_COLOR: undefined },
    reject: false,
  });
  // vitest sets the exit code of the process it runs in after a failed run: the workshop
  // command sets its own at the end; this script reports its results instead.
  const last = result.stdout.trim().split('\n').at(-1) ?? '';
  expect(last, `${result.stdout}\n${result.stderr}`).toMatch(/^\{/);
  return JSON.parse(last);
}

let runs: ReturnType<typeof inProcess> | undefined;

/** The results of one case, once the process that runs them all has ended. */
async function resultsOf(name: 'edits' | 'checks' | 'stuck'): Promise<unknown[]> {
  runs ??= inProcess({
    edits: `
results.push(await check());
writeFileSync(app, original.replace('ack:', 'acq:'));
results.push(await check());
writeFileSync(app, original + "export const port: number = 'eighty';\\n");
results.push(await check());
writeFileSync(app, original);
results.push(await check());
`,
    checks: `
const run = async () => (await warm.runChecks({ step: '02', target, warm: true, stdio: 'pipe' })).checks;
results.push((await run()).map((check) => [check.file, check.status]));
writeFileSync(app, original + "export const port: number = 'eighty';\\n");
results.push((await run()).filter((check) => check.status === 'failed').map((check) => check.file));
`,
    // Last: a run that never ends costs the checker its thread, and the next run a new one.
    stuck: `
results.push(await check());
writeFileSync(app, original.replace("app.get('/ping', () =>", "app.get('/ping', () => { while (true) {} });\\n  app.get('/x', () =>"));
results.push(await check(AbortSignal.timeout(1000)));
writeFileSync(app, original);
results.push(await check());
`,
  });
  return (await runs)[name] ?? [];
}

it('sees each edit of the learner between warm runs', { timeout: 180_000 }, async () => {
  expect(await resultsOf('edits')).toEqual([
    { passed: true, aborted: false },
    { passed: false, aborted: false, first: expect.stringContaining('json.ack is missing') },
    // A type error only the type-check, kept in its thread, can see.
    { passed: false, aborted: false, first: expect.stringMatching(/^type error at src\/app\.ts/) },
    { passed: true, aborted: false },
  ]);
});

it('reports each check of a warm run, which is how lesson mutants are judged', {
  timeout: 180_000,
}, async () => {
  const results = (await resultsOf('checks')) as unknown[][];
  expect(results[0]).toContainEqual(['exercises/02-ping/ping.check.ts', 'passed']);
  expect(results[0]).toContainEqual([TYPE_CHECK_FILE, 'passed']);
  // A type error fails the type-check alone, which the judge of a mutant looks for.
  expect(results[1]).toEqual([TYPE_CHECK_FILE]);
});

it("stops a run the learner's code never ends, and checks again after it", {
  timeout: 180_000,
}, async () => {
  expect(await resultsOf('stuck')).toEqual([
    { passed: true, aborted: false },
    { passed: false, aborted: true, first: expect.any(String) },
    { passed: true, aborted: false },
  ]);
});
