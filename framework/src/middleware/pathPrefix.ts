/**
 * Literal path prefixes of pipeline entries, as Stratigility matches them: by whole
 * segments, case-insensitively. `/api` matches `/api`, `/api/`, `/api/x` and `/api.json`,
 * but not `/apiary`.
 */

/** Normalises a prefix: no trailing slash, and `''` for "every path" (`/` or nothing). */
export function normalizePrefix(prefix: string | undefined): string {
  if (prefix === undefined) return '';
  const trimmed = prefix.replace(/\/+$/, '');
  if (trimmed === '') return '';
  if (!trimmed.startsWith('/') || /[{}]/.test(trimmed)) {
    throw new Error(`Pipeline path "${prefix}" must be a literal path starting with "/"`);
  }
  return trimmed;
}

/** Whether `path` lies under `prefix` (a normalised prefix). */
export function matchesPrefix(path: string, prefix: string): boolean {
  if (prefix === '') return true;
  if (path.length < prefix.length) return false;
  if (path.slice(0, prefix.length).toLowerCase() !== prefix.toLowerCase()) return false;
  const boundary = path[prefix.length];
  return boundary === undefined || boundary === '/' || boundary === '.';
}

/** The path the inner middleware sees: `path` without `prefix`, always starting with `/`. */
export function stripPrefix(path: string, prefix: string): string {
  const rest = path.slice(prefix.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}
