import { beforeEach, describe, expect, it } from 'vitest';
import { checkStarted, forgetPrerequisites, prerequisite } from '../src/harness/prerequisite.ts';

class Skipped extends Error {}

/** Starts a check named `name`, as setup.ts does before each, with a skip() that throws as vitest's. */
function start(name: string): void {
  const skip = (note?: string): never => {
    throw new Skipped(note);
  };
  checkStarted({ task: { name }, skip } as unknown as Parameters<typeof checkStarted>[0]);
}

const ROOT = 'answers GET / with the root';
let rootWorks = false;
const root = prerequisite(ROOT, async () => {
  if (!rootWorks) throw new Error('the root has no links');
  return 'root';
});
const page = prerequisite('follows the root to a page', async () => `${await root()} > page`);

describe('a prerequisite of checks', () => {
  beforeEach(() => {
    forgetPrerequisites();
    rootWorks = false;
  });

  it('fails the check it is named for, then skips the checks after it that meet it', async () => {
    start(ROOT);
    await expect(root()).rejects.toThrow('the root has no links');
    start('follows the root to a page');
    // Nested: the innermost prerequisite that failed is the one named.
    await expect(page()).rejects.toThrow(new Skipped(`skipped until "${ROOT}" passes`));
  });

  it('fails a later check as usual when the check it is named for passed or has not run', async () => {
    start('follows the root to a page');
    await expect(page()).rejects.toThrow('the root has no links');
    start(ROOT);
    rootWorks = true;
    await expect(root()).resolves.toBe('root');
    rootWorks = false; // the root fails only when a later check asks for it
    start('follows the root to a page');
    await expect(page()).rejects.toThrow('the root has no links');
  });
});
