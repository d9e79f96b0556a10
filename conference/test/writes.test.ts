import type { CatalogueDatabase } from '@hyperpipe/catalogue';
import type { Application } from 'hyperpipe';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  countOf,
  createTestConference,
  HAL,
  idFromUrl,
  linkTable,
  ORIGIN,
  SEED,
  send,
  sendJson,
  speakerRow as speakerRowOf,
  talkRow as talkRowOf,
} from './support/conference.ts';

// Every test writes, so every test gets its own catalogue.
let app: Application;
let db: CatalogueDatabase;
beforeEach(async () => {
  ({ app, db } = await createTestConference());
});

const speakerRow = (id: number) => speakerRowOf(db, id);
const talkRow = (id: number) => talkRowOf(db, id);
const embeddedIds = (list: { id: number }[]) => list.map((item) => item.id);
/** A speaker with at least two talks, and those talks. */
const busySpeaker = () => {
  const [speakerId, talkIds] =
    [...linkTable(db).talksOf].find(([, talks]) => talks.length > 1) ?? [];
  return { speakerId: speakerId as number, talkIds: talkIds as number[] };
};

describe('creating', () => {
  it('POST /speaker answers 201 with a Location that then serves the same speaker', async () => {
    const sent = { name: 'Ada Lovelace', url: 'https://ada.example', twitter: '@ada' };
    const created = await sendJson(app, '/speaker', { method: 'POST', as: 'editor', body: sent });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe(HAL);
    const location = created.headers.get('location') as string;
    expect(location).toBe(`${ORIGIN}/v1/speaker/${SEED.speakers + 1}`);
    expect(created.body).toEqual({
      _links: { self: { href: location }, talks: [] },
      id: SEED.speakers + 1,
      ...sent,
      _embedded: { talks: [] },
    });
    const fetched = await sendJson(app, new URL(location).pathname);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created.body);
    expect(speakerRow(idFromUrl(location))).toEqual({ id: SEED.speakers + 1, ...sent });
  });

  it('POST /talk links the listed speakers (repeats count once) and both sides show it', async () => {
    const created = await sendJson(app, '/talk', {
      method: 'POST',
      as: 'editor',
      body: { title: 'Pipelines', day: '2027-05-18', start_time: '09:30', speakers: [3, 1, 3] },
    });
    expect(created.status).toBe(201);
    const talkId = idFromUrl(created.headers.get('location') as string);
    expect(created.body).toMatchObject({ id: talkId, title: 'Pipelines', abstract: null });
    expect(embeddedIds(created.body._embedded.speakers)).toEqual([1, 3]);
    expect(linkTable(db).speakersOf.get(talkId)).toEqual([1, 3]);
    expect(countOf(db, 'talks_speakers')).toBe(SEED.links + 2);

    const fetched = await sendJson(app, `/talk/${talkId}`);
    expect(fetched.body).toEqual(created.body);
    const speaker = await sendJson(app, '/speaker/3');
    expect(embeddedIds(speaker.body._embedded.talks)).toContain(talkId);
  });

  it('POST /talk without speakers creates a talk with none', async () => {
    const created = await sendJson(app, '/talk', {
      method: 'POST',
      as: 'editor',
      body: { title: 'Alone' },
    });
    expect(created.status).toBe(201);
    expect(created.body._embedded.speakers).toEqual([]);
    expect(talkRow(created.body.id)).toEqual({
      id: SEED.talks + 1,
      title: 'Alone',
      abstract: null,
      day: null,
      start_time: null,
    });
  });
});

describe('replacing and changing', () => {
  it('PUT /speaker/{id} replaces every field: omitted ones become null; talks stay', async () => {
    const { speakerId, talkIds } = busySpeaker();
    const updated = await sendJson(app, `/speaker/${speakerId}`, {
      method: 'PUT',
      as: 'editor',
      body: { name: 'Renamed' },
    });
    expect(updated.status).toBe(200);
    expect(updated.headers.get('content-type')).toBe(HAL);
    expect(speakerRow(speakerId)).toEqual({
      id: speakerId,
      name: 'Renamed',
      url: null,
      twitter: null,
    });
    const fetched = await sendJson(app, `/speaker/${speakerId}`);
    expect(fetched.body).toEqual(updated.body);
    expect(embeddedIds(fetched.body._embedded.talks).sort((a, b) => a - b)).toEqual(talkIds);
  });

  it('PATCH /speaker/{id} changes only the fields sent; null clears one', async () => {
    const before = speakerRow(2);
    const patched = await sendJson(app, '/speaker/2', {
      method: 'PATCH',
      as: 'editor',
      body: { url: 'http://two.example', twitter: null },
    });
    expect(patched.status).toBe(200);
    const after = { ...before, url: 'http://two.example', twitter: null };
    expect(speakerRow(2)).toEqual(after);
    const { _links, _embedded, ...state } = (await sendJson(app, '/speaker/2')).body;
    expect(state).toEqual(after);
  });

  it('PATCH /talk/{id} with speakers replaces its links; an empty list removes them all', async () => {
    const talkId = [...linkTable(db).speakersOf.keys()][0] as number;
    const before = talkRow(talkId);
    const relinked = await sendJson(app, `/talk/${talkId}`, {
      method: 'PATCH',
      as: 'editor',
      body: { speakers: [5, 6] },
    });
    expect(relinked.status).toBe(200);
    expect(embeddedIds(relinked.body._embedded.speakers)).toEqual([5, 6]);
    expect(linkTable(db).speakersOf.get(talkId)).toEqual([5, 6]);
    expect(talkRow(talkId)).toEqual(before);

    const unlinked = await sendJson(app, `/talk/${talkId}`, {
      method: 'PATCH',
      as: 'editor',
      body: { speakers: [] },
    });
    expect(unlinked.body._embedded.speakers).toEqual([]);
    expect(linkTable(db).speakersOf.get(talkId)).toBeUndefined();
    expect((await sendJson(app, `/talk/${talkId}`)).body).toEqual(unlinked.body);
  });

  it('PUT /talk/{id} replaces the fields; without speakers it leaves the links alone', async () => {
    const talkId = [...linkTable(db).speakersOf.keys()][0] as number;
    const speakers = linkTable(db).speakersOf.get(talkId);
    const replaced = await sendJson(app, `/talk/${talkId}`, {
      method: 'PUT',
      as: 'editor',
      body: { title: 'Only a title' },
    });
    expect(replaced.status).toBe(200);
    expect(talkRow(talkId)).toEqual({
      id: talkId,
      title: 'Only a title',
      abstract: null,
      day: null,
      start_time: null,
    });
    expect(linkTable(db).speakersOf.get(talkId)).toEqual(speakers);
    expect((await sendJson(app, `/talk/${talkId}`)).body).toEqual(replaced.body);
  });

  it('a write through version 2 is read back through version 1', async () => {
    const patched = await sendJson(app, '/v2/speaker/4', {
      method: 'PATCH',
      as: 'editor',
      body: { twitter: '@four' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body._links.twitter).toEqual({
      href: 'https://twitter.com/four',
      title: '@four',
    });
    expect((await sendJson(app, '/speaker/4')).body.twitter).toBe('@four');
  });

  it('a version 2 PUT keeps twitter, which version 2 shows only as a link, unless it names it', async () => {
    await send(app, '/speaker/4', { method: 'PATCH', as: 'editor', body: { twitter: '@four' } });
    // What a client that read version 2 sends back: the fields it saw, one of them changed.
    const read = await sendJson(app, '/v2/speaker/4');
    const put = await sendJson(app, '/v2/speaker/4', {
      method: 'PUT',
      as: 'editor',
      body: { name: 'Renamed', url: read.body.url },
    });
    expect(put.status).toBe(200);
    // Before, the handle the client never saw as a field was erased.
    expect(put.body._links.twitter.title).toBe('@four');
    expect(speakerRow(4)).toMatchObject({ name: 'Renamed', twitter: '@four' });
    const cleared = { name: 'Renamed', url: read.body.url, twitter: null };
    await send(app, '/v2/speaker/4', { method: 'PUT', as: 'editor', body: cleared });
    expect(speakerRow(4)?.twitter).toBeNull();
    // Version 1 shows twitter as a field: its PUT replaces it, as before.
    await send(app, '/speaker/4', { method: 'PATCH', as: 'editor', body: { twitter: '@four' } });
    await send(app, '/speaker/4', { method: 'PUT', as: 'editor', body: { name: 'Again' } });
    expect(speakerRow(4)?.twitter).toBeNull();
  });
});

describe('deleting', () => {
  it('DELETE /speaker/{id} answers 204 with no body, then 404; their links go with them', async () => {
    const { speakerId, talkIds } = busySpeaker();
    const response = await send(app, `/speaker/${speakerId}`, { method: 'DELETE', as: 'editor' });
    expect(response.status).toBe(204);
    expect(response.headers.get('content-type')).toBeNull();
    expect(await response.text()).toBe('');

    expect((await sendJson(app, `/speaker/${speakerId}`)).status).toBe(404);
    expect(countOf(db, 'speakers')).toBe(SEED.speakers - 1);
    expect(linkTable(db).talksOf.get(speakerId)).toBeUndefined();
    expect(countOf(db, 'talks_speakers')).toBe(SEED.links - talkIds.length);
    for (const talkId of talkIds) {
      const talk = await sendJson(app, `/talk/${talkId}`);
      expect(talk.status, 'the talks remain').toBe(200);
      expect(embeddedIds(talk.body._embedded.speakers)).not.toContain(speakerId);
    }
    const again = await sendJson(app, `/speaker/${speakerId}`, { method: 'DELETE', as: 'editor' });
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe('Entity not found.');
  });

  it('DELETE /talk/{id} answers 204, then 404; its links go, its speakers stay', async () => {
    const [talkId, speakerIds] = [...linkTable(db).speakersOf][0] as [number, number[]];
    expect((await send(app, `/talk/${talkId}`, { method: 'DELETE', as: 'editor' })).status).toBe(
      204,
    );
    expect((await sendJson(app, `/talk/${talkId}`)).status).toBe(404);
    expect(linkTable(db).speakersOf.get(talkId)).toBeUndefined();
    expect(countOf(db, 'talks')).toBe(SEED.talks - 1);
    for (const speakerId of speakerIds) {
      const speaker = await sendJson(app, `/speaker/${speakerId}`);
      expect(speaker.status).toBe(200);
      expect(embeddedIds(speaker.body._embedded.talks)).not.toContain(talkId);
    }
    // The collection no longer lists it, and the total says so.
    const { body } = await sendJson(app, '/talk?page=5');
    expect(body.total).toBe(SEED.talks - 1);
  });
});
