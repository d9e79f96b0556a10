import { fileURLToPath } from 'node:url';

// This module lives in <repo>/catalogue/src/, so the repository root is two folders up.
const REPOSITORY_ROOT = new URL('../../', import.meta.url);

/**
 * Where the catalogue database lives unless told otherwise: the `CONFERENCE_DB` environment
 * variable if it is set and not empty, else `data/conference.sqlite` at the repository root.
 */
export function defaultCataloguePath(): string {
  const fromEnvironment = process.env.CONFERENCE_DB;
  if (fromEnvironment) return fromEnvironment;
  return fileURLToPath(new URL('data/conference.sqlite', REPOSITORY_ROOT));
}
