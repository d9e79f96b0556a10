import { fileURLToPath } from 'node:url';

// This module lives in <repo>/catalogue/src/, so the repository root is two folders up.
const REPOSITORY_ROOT = new URL('../../', import.meta.url);

/**
 * Where the catalogue database lives unless told otherwise: the `CONFERENCE_DB` environment
 * variable if it is set and not empty, else `data/conference.sqlite` at the repository root.
 */
export function defaultCataloguePath(): string {
  return process.env.CONFERENCE_DB || repositoryData('conference.sqlite');
}

/**
 * Where the conference API keeps its OAuth2 clients and tokens unless told otherwise: the
 * `CONFERENCE_OAUTH_DB` environment variable if it is set and not empty, else
 * `data/oauth.sqlite` at the repository root. Found from here, not from the configuration
 * file that asks, so that conference/ and every workshop project share one answer.
 */
export function defaultTokenDatabasePath(): string {
  return process.env.CONFERENCE_OAUTH_DB || repositoryData('oauth.sqlite');
}

function repositoryData(name: string): string {
  return fileURLToPath(new URL(`data/${name}`, REPOSITORY_ROOT));
}
