/**
 * What went wrong, said so that a learner knows what to do: a full disk or a folder they may
 * not write is named as such, with the file, rather than as a system error code.
 */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, path, dest } = error as NodeJS.ErrnoException & { dest?: string };
  const file = dest ?? path;
  const where = file === undefined ? '' : ` (writing ${file})`;
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return `the disk is full${where}: free some space, then run the command again. Your files are as they were before it, or backed up under .workshop/backups/`;
  if (code === 'EACCES' || code === 'EPERM')
    return `no permission to write${where}: check who owns the repository's folders (a command once run with sudo?)`;
  if (code === 'EROFS') return `the file system is read-only${where}`;
  return error.message;
}

/**
 * A failure as `--json` prints it, on standard output where a script reads the JSON: an
 * object with `error` (what went wrong), `exitCode` (2 when the command was called wrongly,
 * 1 when it failed) and, for a wrong call, `usage`.
 */
export function failureJson(message: string, exitCode: number, usage?: string): string {
  return JSON.stringify({ error: message, exitCode, ...(usage === undefined ? {} : { usage }) });
}
