import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openConnection } from '../src/connection.ts';
import {
  applySchema,
  type CatalogueDatabase,
  createInMemoryCatalogue,
  defaultCataloguePath,
  defaultTokenDatabasePath,
  generateConferenceSeed,
  openCatalogue,
  resetCatalogue,
  SpeakerRepository,
  TalkRepository,
  UnknownSpeakerError,
} from '../src/index.ts';
import { seededCatalogueImage } from '../src/seedImage.ts';
import { useTemporaryFolders } from './support/temporaryFolder.ts';

const seed = generateConferenceSeed();
const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const newFolder = useTemporaryFolders();

const opened: CatalogueDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});
function track(db: CatalogueDatabase): CatalogueDatabase {
  opened.push(db);
  return db;
}

function countRows(db: CatalogueDatabase) {
  const count = (table: string) =>
    db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get();
  return { speakers: count('speakers'), talks: count('talks'), links: count('talks_speakers') };
}

const SEEDED_COUNTS = {
  speakers: seed.speakers.length,
  talks: seed.talks.length,
  links: seed.links.length,
};

describe('resetCatalogue', () => {
  it('creates a seeded database, and its parent folders, from nothing', () => {
    const path = join(newFolder(), 'nested', 'deeper', 'conference.sqlite');
    resetCatalogue(path);
    const db = track(openConnection(path));
    expect(countRows(db)).toEqual(SEEDED_COUNTS);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(new SpeakerRepository(db).fetch(1)).toEqual(seed.speakers[0]);
  });

  it('writes exactly the seeded image and leaves no temporary file behind', () => {
    const path = join(newFolder(), 'conference.sqlite');
    resetCatalogue(path);
    expect(readFileSync(path).equals(seededCatalogueImage())).toBe(true);
    expect(existsSync(`${path}.tmp`)).toBe(false);
  });

  it('replaces a changed database with a fresh seed', () => {
    const path = join(newFolder(), 'conference.sqlite');
    resetCatalogue(path);
    const db = openConnection(path);
    db.exec('DELETE FROM speakers; DELETE FROM talks;');
    db.close();
    resetCatalogue(path);
    expect(countRows(track(openConnection(path)))).toEqual(SEEDED_COUNTS);
  });

  it('removes stale write-ahead-log and shared-memory files', () => {
    const path = join(newFolder(), 'conference.sqlite');
    writeFileSync(path, 'old database');
    writeFileSync(`${path}-wal`, 'stale log');
    writeFileSync(`${path}-shm`, 'stale index');
    resetCatalogue(path);
    expect(existsSync(`${path}-wal`)).toBe(false);
    expect(existsSync(`${path}-shm`)).toBe(false);
    expect(countRows(track(openConnection(path)))).toEqual(SEEDED_COUNTS);
  });
});

describe('openCatalogue', () => {
  it('creates and seeds a missing file, with foreign keys enforced', () => {
    const path = join(newFolder(), 'data', 'conference.sqlite');
    const db = track(openCatalogue(path));
    expect(existsSync(path)).toBe(true);
    expect(countRows(db)).toEqual(SEEDED_COUNTS);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('keeps the changes made to an existing file', () => {
    const path = join(newFolder(), 'conference.sqlite');
    const first = openCatalogue(path);
    new SpeakerRepository(first).delete(1);
    first.close();
    const second = track(openCatalogue(path));
    expect(new SpeakerRepository(second).fetch(1)).toBeUndefined();
    expect(countRows(second).speakers).toBe(seed.speakers.length - 1);
  });

  it('refuses a missing file when create is false, and creates nothing', () => {
    const path = join(newFolder(), 'missing.sqlite');
    expect(() => openCatalogue(path, { create: false })).toThrow(/No catalogue database/);
    expect(existsSync(path)).toBe(false);
  });

  it('works on an empty database with the schema only', () => {
    const path = join(newFolder(), 'empty.sqlite');
    const setup = openConnection(path);
    applySchema(setup);
    setup.close();

    const db = track(openCatalogue(path, { create: false }));
    const speakers = new SpeakerRepository(db);
    const talks = new TalkRepository(db);
    expect(speakers.list({ offset: 0, limit: 10 })).toEqual({ items: [], total: 0 });
    expect(talks.list({ offset: 0, limit: 10 })).toEqual({ items: [], total: 0 });
    expect(speakers.fetch(1)).toBeUndefined();
    expect(talks.talksOf(1)).toEqual([]);
    expect(speakers.speakersOf(1)).toEqual([]);
    expect(() => talks.create({ title: 'Lonely', speakerIds: [1] })).toThrow(UnknownSpeakerError);
    expect(countRows(db)).toEqual({ speakers: 0, talks: 0, links: 0 });

    const speaker = speakers.create({ name: 'First' });
    const talk = talks.create({ title: 'First talk', speakerIds: [speaker.id] });
    expect([speaker.id, talk.id]).toEqual([1, 1]);
    expect(talks.talksOf(1)).toEqual([talk]);
  });

  it('opens a private seeded copy for ":memory:" without creating a file', () => {
    const db = track(openCatalogue(':memory:'));
    expect(db.memory).toBe(true);
    expect(countRows(db)).toEqual(SEEDED_COUNTS);
    expect(existsSync(':memory:')).toBe(false);
  });
});

describe('createInMemoryCatalogue', () => {
  it('returns independent seeded copies with foreign keys enforced', () => {
    const first = track(createInMemoryCatalogue());
    const second = track(createInMemoryCatalogue());
    new TalkRepository(first).delete(1);
    expect(countRows(first).talks).toBe(seed.talks.length - 1);
    expect(countRows(second)).toEqual(SEEDED_COUNTS);
    expect(first.pragma('foreign_keys', { simple: true })).toBe(1);
  });
});

describe('defaultCataloguePath', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('prefers the CONFERENCE_DB environment variable', () => {
    vi.stubEnv('CONFERENCE_DB', '/somewhere/else.sqlite');
    expect(defaultCataloguePath()).toBe('/somewhere/else.sqlite');
  });

  it('falls back to data/conference.sqlite at the repository root', () => {
    vi.stubEnv('CONFERENCE_DB', undefined);
    expect(defaultCataloguePath()).toBe(join(REPOSITORY_ROOT, 'data', 'conference.sqlite'));
  });
});

describe('defaultTokenDatabasePath', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('prefers the CONFERENCE_OAUTH_DB environment variable', () => {
    vi.stubEnv('CONFERENCE_OAUTH_DB', '/somewhere/tokens.sqlite');
    expect(defaultTokenDatabasePath()).toBe('/somewhere/tokens.sqlite');
  });

  it('falls back to data/oauth.sqlite at the repository root', () => {
    vi.stubEnv('CONFERENCE_OAUTH_DB', '');
    expect(defaultTokenDatabasePath()).toBe(join(REPOSITORY_ROOT, 'data', 'oauth.sqlite'));
  });
});

describe('the resetDatabase script', () => {
  it('resets the database at the given path and reports what it wrote', () => {
    const path = join(newFolder(), 'script.sqlite');
    // On this process's own Node: the first `node` on PATH may be another one.
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', join(REPOSITORY_ROOT, 'catalogue', 'scripts', 'resetDatabase.ts'), path],
      { encoding: 'utf8', cwd: REPOSITORY_ROOT },
    );
    const { speakers, talks, links } = SEEDED_COUNTS;
    expect(output.trim()).toBe(
      `Reset the conference catalogue at ${path}: ${speakers} speakers, ${talks} talks, ${links} links.`,
    );
    expect(countRows(track(openConnection(path)))).toEqual(SEEDED_COUNTS);
  });
});
