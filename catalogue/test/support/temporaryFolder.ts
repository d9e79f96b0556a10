import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/**
 * Returns a function that creates an empty folder under the system's temporary folder;
 * every folder it created is removed after each test.
 */
export function useTemporaryFolders(): () => string {
  const created: string[] = [];
  afterEach(() => {
    for (const folder of created.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  return () => {
    const folder = mkdtempSync(join(tmpdir(), 'catalogue-test-'));
    created.push(folder);
    return folder;
  };
}
