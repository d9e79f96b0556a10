import { existsSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { watch } from 'chokidar';

/** What a check reads: the project's code and configuration, not the files checks write there. */
export function isChecked(file: string): boolean {
  const parts = file.split(sep);
  if (parts[0] !== 'src' && parts[0] !== 'config') return false;
  return !/^check-\d+\.local\./.test(parts.at(-1) ?? '') && !isScratch(parts.at(-1) ?? '');
}

/**
 * An editor's or tool's scratch file: never a file of the project, whose files all have an
 * extension. `sed -i` writes `sedxHoKEz` and renames it over the file; on a busy machine the
 * rename can come after a burst of saves settled, which would otherwise name the scratch file.
 * Vim probes a folder with a file named `4913`.
 */
function isScratch(name: string): boolean {
  return (
    name.startsWith('.') ||
    name.endsWith('~') ||
    !name.includes('.') ||
    /\.(swp|swx|tmp)$/.test(name)
  );
}

/**
 * Calls `onChange` once a burst of saves under `folder` has settled (an editor may write a file
 * in several steps, or several files at once), with the files saved or removed, relative to
 * `folder`. Resolves once the folder is watched; stops when `signal` aborts.
 *
 * chokidar, not `fs.watch`: Node's recursive watch on Linux loses a file that a rename
 * replaces (`sed -i`, `git checkout`, an editor's safe write) and never reports its later saves.
 * Such a save writes a temporary file and renames it over the real one: only files still there
 * when the burst settles count as saved, so the temporary one is never named.
 */
export function onSettledChanges(
  folder: string,
  onChange: (files: string[]) => void,
  signal: AbortSignal,
  // Longer than the 50 ms in which chokidar drops a second change to the same file: a save it
  // dropped has landed by the time the burst settles, so the check reads it.
  settleMs = 80,
): Promise<void> {
  let saved = new Set<string>();
  let removed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const settle = () => {
    const files = [
      ...[...saved].filter((file) => existsSync(join(folder, file))),
      ...[...removed].filter((file) => !saved.has(file) && !existsSync(join(folder, file))),
    ];
    saved = new Set();
    removed = new Set();
    if (files.length > 0) onChange(files);
  };
  const note = (into: () => Set<string>) => (path: string) => {
    const file = relative(folder, path);
    if (!isChecked(file)) return;
    into().add(file);
    clearTimeout(timer);
    timer = setTimeout(settle, settleMs);
  };
  const watcher = watch(folder, {
    ignoreInitial: true,
    ignored: (path) => basename(path) === 'node_modules',
  });
  watcher.on(
    'add',
    note(() => saved),
  );
  watcher.on(
    'change',
    note(() => saved),
  );
  watcher.on(
    'unlink',
    note(() => removed),
  );
  watcher.on('error', () => undefined); // a folder removed meanwhile: nothing more to watch
  signal.addEventListener(
    'abort',
    () => {
      clearTimeout(timer);
      void watcher.close();
    },
    { once: true },
  );
  return new Promise((resolve) => watcher.once('ready', () => resolve()));
}

/**
 * Calls `onChange` when `file` is written. Its folder is watched rather than the file itself,
 * which progress.json's atomic writes replace by a rename.
 */
export function onFileChange(
  file: string,
  onChange: () => void,
  signal: AbortSignal,
): Promise<void> {
  const watcher = watch(dirname(file), { ignoreInitial: true, depth: 0 });
  const changed = (path: string) => {
    if (join(path) === join(file)) onChange();
  };
  watcher.on('add', changed).on('change', changed);
  watcher.on('error', () => undefined);
  signal.addEventListener('abort', () => void watcher.close(), { once: true });
  return new Promise((resolve) => watcher.once('ready', () => resolve()));
}
