import { join } from 'node:path';
import { type CatalogueDatabase, openCatalogue } from '@hyperpipe/catalogue';
import type { Application } from 'hyperpipe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConferenceApp } from '../src/createConferenceApp.ts';
import { FOREIGN, writeForeignCatalogue } from './contract/foreignCatalogue.ts';
import { configFolderFor, idFromUrl, sendJson, useTemporaryFolders } from './support/conference.ts';

// The writes of writes.test.ts, on a catalogue file another tool made: our table names,
// ids from 1001 and 5001, and no foreign keys, so nothing but the API keeps links sound.
const temporaryFolder = useTemporaryFolders();

let app: Application;
let db: CatalogueDatabase;
beforeEach(async () => {
  const folder = temporaryFolder();
  const path = join(folder, 'foreign.sqlite');
  writeForeignCatalogue(path);
  app = await createConferenceApp({
    configFolder: configFolderFor(folder, path),
    tokenDatabase: ':memory:',
  });
  db = openCatalogue(path, { create: false });
});
afterEach(() => db.close());

const lastSpeaker = FOREIGN.firstSpeakerId + FOREIGN.speakers - 1;
const lastTalk = FOREIGN.firstTalkId + FOREIGN.talks - 1;

const orphans = () =>
  db
    .prepare(
      `SELECT count(*) FROM talks_speakers
       WHERE talk_id NOT IN (SELECT id FROM talks) OR speaker_id NOT IN (SELECT id FROM speakers)`,
    )
    .pluck()
    .get();

const links = (column: 'talk_id' | 'speaker_id', id: number) =>
  db.prepare(`SELECT count(*) FROM talks_speakers WHERE ${column} = ?`).pluck().get(id);

const write = (method: string, path: string, body?: unknown) =>
  sendJson(app, path, { method, body, as: 'editor' });

describe('writes on a catalogue without foreign keys', () => {
  it('DELETE /speaker/{id} deletes the speaker’s links too', async () => {
    expect(links('speaker_id', lastSpeaker)).toBeGreaterThan(0);
    expect((await write('DELETE', `/speaker/${lastSpeaker}`)).status).toBe(204);
    expect(links('speaker_id', lastSpeaker)).toBe(0);
    expect(orphans()).toBe(0);
  });

  it('DELETE /talk/{id} deletes the talk’s links too', async () => {
    expect((await write('DELETE', `/talk/${FOREIGN.firstTalkId}`)).status).toBe(204);
    expect(links('talk_id', FOREIGN.firstTalkId)).toBe(0);
    expect(orphans()).toBe(0);
  });

  it('a new speaker never inherits the talks of the deleted speaker whose id they get', async () => {
    await write('DELETE', `/speaker/${lastSpeaker}`);
    const created = await write('POST', '/speaker', { name: 'Newcomer' });
    expect(created.status).toBe(201);
    expect(created.body._embedded.talks).toEqual([]);
    expect(links('speaker_id', idFromUrl(created.headers.get('location') as string))).toBe(0);
  });

  it('a new talk never inherits the speakers of the deleted talk whose id it gets', async () => {
    // An older tool deleted the last talk and left its links behind.
    db.prepare('DELETE FROM talks WHERE id = ?').run(lastTalk);
    expect(links('talk_id', lastTalk)).toBeGreaterThan(0);
    const created = await write('POST', '/talk', { title: 'Fresh' });
    expect(created.status).toBe(201);
    expect(created.body.id).toBe(lastTalk);
    expect(created.body._embedded.speakers).toEqual([]);
    expect(links('talk_id', lastTalk)).toBe(0);
  });

  it('PUT and PATCH with speakers replace the links, and refused writes change nothing', async () => {
    const talk = FOREIGN.firstTalkId + 1;
    const put = await write('PUT', `/talk/${talk}`, { title: 'Renamed', speakers: [1002, 1003] });
    expect(put.status).toBe(200);
    expect(links('talk_id', talk)).toBe(2);
    const patch = await write('PATCH', `/talk/${talk}`, { speakers: [1004] });
    expect(patch.status).toBe(200);
    expect(links('talk_id', talk)).toBe(1);
    const before = db.serialize();
    expect((await write('PATCH', `/talk/${talk}`, { speakers: [999] })).status).toBe(422);
    expect((await write('POST', '/speaker', { name: '' })).status).toBe(422);
    expect(db.serialize().equals(before)).toBe(true);
    expect(orphans()).toBe(0);
  });
});
