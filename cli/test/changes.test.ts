import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChecked, onSettledChanges } from '../src/workshop/changes.ts';

describe('isChecked', () => {
  it('takes the files of src/ and config/, never a scratch file a tool writes beside them', () => {
    expect(isChecked(join('src', 'handlers', 'Ping.ts'))).toBe(true);
    expect(isChecked(join('config', 'autoload', 'routes.global.ts'))).toBe(true);
    expect(isChecked(join('src', 'handlers', 'sedxHoKEz'))).toBe(false); // sed -i
    expect(isChecked(join('src', '4913'))).toBe(false); // vim's probe
    expect(isChecked(join('src', '.app.ts.swp'))).toBe(false);
    expect(isChecked(join('config', 'autoload', 'check-123.local.json'))).toBe(false);
    expect(isChecked('package.json')).toBe(false);
  });
});

describe('onSettledChanges', () => {
  let folder: string | undefined;
  const controller = new AbortController();
  afterEach(async () => {
    controller.abort();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('names the file sed -i saved, not its scratch file, even when the rename comes late', async () => {
    folder = await mkdtemp(join(tmpdir(), 'hyperpipe-changes-'));
    await mkdir(join(folder, 'src/handlers'), { recursive: true });
    await writeFile(join(folder, 'src/handlers/Ping.ts'), 'export const a = 0;\n');
    const bursts: string[][] = [];
    await onSettledChanges(folder, (files) => bursts.push(files), controller.signal, 40);
    // sed writes its scratch file, is slow to rename it (a busy machine), then renames it.
    const scratch = join(folder, 'src/handlers/sedxHoKEz');
    await writeFile(scratch, 'export const a = 1;\n');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await rename(scratch, join(folder, 'src/handlers/Ping.ts'));
    await vi.waitFor(() => expect(bursts.flat()).toContain(join('src', 'handlers', 'Ping.ts')), {
      timeout: 5000,
    });
    expect(bursts.flat().filter((file) => file.includes('sed'))).toEqual([]);
  });
});
