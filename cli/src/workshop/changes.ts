import { statSync, watch } from 'node:fs';
import { relative, sep } from 'node:path';

/** What a check reads: the project's code and configuration, not the files checks write there. */
export function isChecked(file: string): boolean {
  const parts = file.split(sep);
  if (parts[0] !== 'src' && parts[0] !== 'config') return false;
  return !/^check-\d+\.local\./.test(parts.at(-1) ?? '');
}

/**
 * Calls `onChange` once a burst of saves under `folder` has settled (an editor may write a file
 * in several steps, or several files at once), with the files that changed, relative to
 * `folder`. Stops when `signal` aborts.
 */
export function onSettledChanges(
  folder: string,
  onChange: (files: string[]) => void,
  signal: AbortSignal,
  settleMs = 40,
): void {
  let changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(folder, { recursive: true, signal }, (_event, name) => {
    if (name === null) return;
    const file = relative(folder, `${folder}${sep}${name}`);
    // A folder made or removed says nothing; the files saved in it do.
    if (
      !isChecked(file) ||
      statSync(`${folder}${sep}${file}`, { throwIfNoEntry: false })?.isDirectory()
    )
      return;
    changed.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const files = [...changed];
      changed = new Set();
      onChange(files);
    }, settleMs);
  });
  watcher.on('error', () => undefined); // a folder removed meanwhile: nothing more to watch
  signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
}
