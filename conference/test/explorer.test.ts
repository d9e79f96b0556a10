import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CatalogueDatabase } from '@hyperpipe/catalogue';
import { type Application, ResponsePrototype, ServerRequest } from 'hyperpipe';
import type { RunningServer } from 'hyperpipe/server';
import { type Browser, chromium, type Page, type Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chromiumPath } from '../scripts/chromium.ts';
import { HalExplorer } from '../src/explorer/HalExplorer.ts';
import {
  createTestConference,
  HAL,
  idsOf,
  JSON_TYPE,
  linkTable,
  SEED,
  send,
  sendJson,
  speakerRow,
  talkRow,
  V2,
} from './support/conference.ts';

/** What Chromium sends for a page it navigates to. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('GET /', () => {
  it('serves the explorer page to a browser', async () => {
    const { app } = await createTestConference();
    const response = await send(app, '/', { headers: { accept: BROWSER_ACCEPT } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('<title>Conference API · HAL explorer</title>');
  });

  it.each([
    ['JSON', JSON_TYPE],
    ['anything', '*/*'],
    ['HAL', 'application/hal+json'],
  ])('answers a client that takes %s with the API root instead', async (_, accept) => {
    const { app } = await createTestConference();
    const answer = await sendJson(app, '/', { headers: { accept } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).not.toMatch(/html/);
    expect(Object.keys(answer.body)).toEqual(['_links']);
  });
});

describe('the prefilled bodies of the page', () => {
  it('are data in the page, never markup, whatever a value holds', async () => {
    const prefill = { 'POST /x': { a: '</script><script>alert(1)</script>', b: '<!--' } };
    const answer = await new HalExplorer(prefill).process(
      new ServerRequest(new Request('http://localhost/', { headers: { accept: 'text/html' } })),
      new ResponsePrototype(),
      () => Promise.reject(new Error('a browser gets the page')),
    );
    const page = await answer.text();
    const blocks = [
      ...page.matchAll(/<script type="application\/json" id="prefill">(.*?)<\/script>/gs),
    ];
    expect(blocks).toHaveLength(1);
    expect(JSON.parse(blocks[0]?.[1] ?? '')).toEqual(prefill);
    expect(page).not.toContain('<script>alert(1)');
  });
});

describe('the HAL explorer in Chromium', () => {
  let app: Application;
  let db: CatalogueDatabase;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    const conference = await createTestConference();
    ({ app, db } = conference);
    server = await app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
    browser = await chromium.launch({ executablePath: chromiumPath() });
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(async () => {
    await page?.close();
  });

  beforeEach(async () => {
    pageErrors.length = 0;
    page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${server.url}/`);
    await expectStatus('GET / → 200');
  });

  /** Waits for the status line to say what was fetched and how it went. */
  const expectStatus = (text: string | RegExp) =>
    page.getByRole('status').filter({ hasText: text }).waitFor({ timeout: 10_000 });

  /** Waits for the write form to follow a resource, its Allow known and its body made. */
  const expectFormFor = (path: string) =>
    page
      .locator('#write-target')
      .filter({ hasText: `To ${path} · Allow` })
      .waitFor({ timeout: 10_000 });

  /** The state the page shows, field by field. */
  const state = () =>
    page.$$eval('#state-list dt', (terms) =>
      Object.fromEntries(
        terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]),
      ),
    );

  /** The headers the page shows of the request (`request`) or of its response, by name. */
  const headersShown = (of: 'request' | 'response' = 'response') =>
    page.$$eval(`#${of}-headers > div`, (lines) =>
      Object.fromEntries(
        lines.map((line) => [
          line.querySelector('dt')?.textContent,
          line.querySelector('dd')?.textContent,
        ]),
      ),
    );

  /** The labels of an embedded list. */
  const embedded = (name: string) =>
    page
      .getByRole('list', { name })
      .getByRole('listitem')
      .evaluateAll((items) =>
        items.map((item) => item.firstElementChild?.firstElementChild?.textContent),
      );

  /** Follows a plain link of the resource shown, by its relation (the first of several). */
  const follow = (relation: string) =>
    page
      .getByRole('button', { name: `Follow ${relation}`, exact: true })
      .first()
      .click();

  /** Fills a templated link's variables and follows it. */
  async function fillAndFollow(relation: string, values: Record<string, string>) {
    const form = page.getByRole('form', { name: `Fill ${relation}`, exact: true });
    for (const [name, value] of Object.entries(values)) await form.getByLabel(name).fill(value);
    await form.getByRole('button', { name: `Follow ${relation}`, exact: true }).click();
  }

  /** A speaker, reached from the root by its `speaker` template, with the form following it. */
  async function openSpeaker(id: number) {
    await fillAndFollow('speaker', { speaker_id: String(id) });
    await expectStatus(`GET /v1/speaker/${id} → 200`);
    await expectFormFor(`/v1/speaker/${id}`);
  }

  const methods = () => page.getByLabel('Method').locator('option').allTextContents();
  const body = () => page.getByLabel('Body').inputValue();
  /** The API description's example, shown beside the form. */
  const exampleBeside = () => page.getByRole('figure', { name: /^Example, not sent/ });
  const exampleShown = () => exampleBeside().locator('pre').textContent() as Promise<string>;
  /** What the page says the body lacks, before it is sent. */
  const bodyNote = () => page.locator('#body-note');

  /** The next request the page sends with this method to this path, once sent. */
  const nextRequest = (method: string, path: string) =>
    page.waitForRequest(
      (request) => request.method() === method && new URL(request.url()).pathname === path,
      { timeout: 10_000 },
    );

  it("opens on the API root and lists the root's relations, with their titles", async () => {
    const root = await sendJson(app, '/', { headers: { accept: HAL } });
    const relations = await page.locator('#link-rows th .relation').allTextContents();
    expect(relations).toEqual(Object.keys(root.body._links));
    expect(await page.locator('#link-rows th .title').allTextContents()).toContain(
      root.body._links.speakers.title,
    );
    // Templated links are not followed as they are: each has a field per variable.
    expect(
      await page
        .getByRole('form', { name: 'Fill speaker', exact: true })
        .getByLabel('speaker_id')
        .count(),
    ).toBe(1);
    expect(await page.getByRole('form', { name: 'Fill speakers' }).getByLabel('page').count()).toBe(
      1,
    );
    expect(pageErrors).toEqual([]);
  });

  it('follows `speakers`, then `next` to page 2, then one of its speakers', async () => {
    await fillAndFollow('speakers', {});
    await expectStatus('GET /v1/speaker → 200');
    expect(await state()).toMatchObject({ page: '1', total: String(SEED.speakers) });
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: 'Next' })
      .click();
    await expectStatus('GET /v1/speaker?page=2 → 200');
    expect(await state()).toMatchObject({ page: '2', count: '25' });
    const onPage2 = idsOf(db, 'speakers').slice(25, 50);
    expect(await embedded('speakers')).toEqual(onPage2.map((id) => speakerRow(db, id)?.name));

    const { talksOf } = linkTable(db);
    const id = onPage2.find((speaker) => (talksOf.get(speaker)?.length ?? 0) > 1) as number;
    const speaker = speakerRow(db, id);
    await page.getByRole('button', { name: `Open ${speaker?.name}` }).click();
    await expectStatus(`GET /v1/speaker/${id} → 200`);
    expect(await state()).toMatchObject({ id: String(id), name: speaker?.name });
    const titles = (talksOf.get(id) ?? []).map((talk) => talkRow(db, talk)?.title);
    expect((await embedded('talks')).sort()).toEqual(titles.sort());
    expect(pageErrors).toEqual([]);
  });

  it('fills a query template, leaving out what is left empty', async () => {
    await fillAndFollow('talks', { page: '3' });
    await expectStatus('GET /v1/talk?page=3 → 200');
    expect(await state()).toMatchObject({ page: '3' });
    expect(pageErrors).toEqual([]);
  });

  it("shows the request's Accept and the response's status line, ETag and Vary", async () => {
    const id = idsOf(db, 'speakers')[2] as number;
    await openSpeaker(id);
    const accept = 'application/hal+json, application/json;q=0.5';
    const direct = await fetch(`${server.url}/v1/speaker/${id}`, { headers: { accept } });
    expect(await page.locator('#status-line').textContent()).toBe('200 OK');
    expect(await headersShown()).toMatchObject({
      'content-type': HAL,
      etag: direct.headers.get('etag'),
      vary: 'Accept',
    });
    expect(await page.locator('#request-line').textContent()).toBe(`GET /v1/speaker/${id}`);
    expect(await headersShown('request')).toEqual({ accept });
    expect(pageErrors).toEqual([]);
  });

  it('revalidates with If-None-Match: a 304 keeps the speaker shown', async () => {
    const id = idsOf(db, 'speakers')[3] as number;
    await openSpeaker(id);
    const sent = nextRequest('GET', `/v1/speaker/${id}`);
    await page.getByRole('button', { name: 'Revalidate with If-None-Match' }).click();
    expect((await sent).headers()['if-none-match']).toMatch(/^"[\w-]+"$/);
    await expectStatus(`GET /v1/speaker/${id} → 304`);
    expect(await state()).toMatchObject({ id: String(id) });
    expect(pageErrors).toEqual([]);
  });

  it('shows version 2 when Accept asks for it: the v2 root, then a v2 speaker', async () => {
    const { talksOf } = linkTable(db);
    const id = idsOf(db, 'speakers')[4] as number;
    await page.getByLabel('Accept').selectOption(V2);
    await expectStatus(`GET / → 200 OK · ${V2}`);
    expect(await page.locator('#link-rows td.url').first().textContent()).toBe('/v2');
    await fillAndFollow('speaker', { speaker_id: String(id) });
    await expectStatus(`GET /v2/speaker/${id} → 200 OK · ${V2}`);
    const shown = await state();
    expect(shown).toMatchObject({ id: String(id), talk_count: String(talksOf.get(id)?.length) });
    expect(shown).not.toHaveProperty('twitter');
    expect((await headersShown())['content-type']).toBe(V2);
    expect(pageErrors).toEqual([]);
  });

  it('offers POST on a collection, never PATCH, with a body from the API description', async () => {
    await fillAndFollow('speakers', {});
    await expectFormFor('/v1/speaker');
    expect(await methods()).toEqual(['POST']);
    expect(Object.keys(JSON.parse(await body()))).toContain('name');
    expect(await page.locator('#write-target').textContent()).toContain('Allow: GET,HEAD,POST');
    // If-Match guards writes over a resource seen; a POST creates one.
    expect(await page.getByLabel('Send If-Match with the ETag seen').isVisible()).toBe(false);
    expect(pageErrors).toEqual([]);
  });

  it("offers an entity's methods from its Allow, and a body of its own for each", async () => {
    const { talksOf } = linkTable(db);
    const speaker = [...talksOf.keys()][5] as number;
    await openSpeaker(speaker);
    expect(await methods()).toEqual(['PATCH', 'PUT', 'DELETE']);
    await page.getByLabel('Body').fill('{"twitter": "@typed-for-the-speaker"}');

    // To one of its talks: the form is the talk's, nothing of the speaker's is carried.
    await follow('talks');
    await expectStatus(/GET \/v1\/talk\/\d+ → 200/);
    const shownTalk = Number((await state()).id);
    await expectFormFor(`/v1/talk/${shownTalk}`);
    expect(await methods()).toEqual(['PATCH', 'PUT', 'DELETE']);
    // PATCH starts with no field; the description's example, beside it, shows a talk's.
    expect(JSON.parse(await body())).toEqual({});
    const talkFields = ['title', 'abstract', 'day', 'start_time', 'speakers'];
    const example = JSON.parse(await exampleShown());
    expect(Object.keys(example).length).toBeGreaterThan(0);
    expect(talkFields).toEqual(expect.arrayContaining(Object.keys(example)));

    // Another method, another body: PUT's is the talk shown; DELETE has none.
    await page.getByLabel('Body').fill('{"typed": "for PATCH"}');
    await page.getByLabel('Method').selectOption('PUT');
    expect(JSON.parse(await body())).toMatchObject({ title: talkRow(db, shownTalk)?.title });
    await page.getByLabel('Method').selectOption('DELETE');
    expect(await body()).toBe('');
    expect(await page.getByLabel('Body').isDisabled()).toBe(true);
    expect(await page.getByLabel('Content-Type').isDisabled()).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  /** A speaker as the API answers it now: its state, without its links and embedded talks. */
  async function speakerState(id: number) {
    const answer = await fetch(`${server.url}/v1/speaker/${id}`, { headers: { accept: HAL } });
    expect(answer.status).toBe(200);
    const { _links, _embedded, ...state } = await answer.json();
    return state;
  }

  /** Sends the write form as the demo user `learner`, and waits for the answer. */
  async function sendAsLearner(method: string, path: string, status: number) {
    await page.getByLabel('User').fill('learner');
    await page.getByLabel('Password').fill('hyperpipe');
    await page.getByRole('button', { name: 'Send' }).click();
    await expectStatus(`${method} ${path} → ${status}`);
  }

  it('starts a PUT from the speaker shown: sent unedited, it changes nothing', async () => {
    const before = await speakerState(6);
    await openSpeaker(6);
    await page.getByLabel('Method').selectOption('PUT');
    // The speaker's own fields, as the PUT body takes them: neither its id nor its links.
    const { id, ...fields } = before;
    expect(JSON.parse(await body())).toEqual(fields);
    expect(await bodyNote().isHidden()).toBe(true);
    await sendAsLearner('PUT', '/v1/speaker/6', 200);
    expect(await speakerState(6)).toEqual(before);
    expect(pageErrors).toEqual([]);
  });

  it('starts a v2 speaker’s PUT without twitter, which it keeps: sent unedited, it changes nothing', async () => {
    const before = await speakerState(6);
    expect(before.twitter).toEqual(expect.any(String));
    await page.getByLabel('Accept').selectOption(V2);
    await expectStatus(`GET / → 200 OK · ${V2}`);
    await fillAndFollow('speaker', { speaker_id: '6' });
    await expectFormFor('/v2/speaker/6');
    await page.getByLabel('Method').selectOption('PUT');
    expect(Object.keys(JSON.parse(await body())).sort()).toEqual(['name', 'url']);
    // Version 2 shows twitter only as a link; the description marks it kept when left out.
    expect(await bodyNote().textContent()).not.toContain('twitter');
    await sendAsLearner('PUT', '/v2/speaker/6', 200);
    // Before, this erased the handle.
    expect(await speakerState(6)).toEqual(before);
    expect(pageErrors).toEqual([]);
  });

  it('starts a PATCH from {}: sent unedited, it changes nothing', async () => {
    const before = await speakerState(7);
    await openSpeaker(7);
    expect(await page.getByLabel('Method').inputValue()).toBe('PATCH');
    expect(JSON.parse(await body())).toEqual({});
    expect(await bodyNote().textContent()).toContain('No field to change yet');
    // A PATCH that names no field is refused: nothing of the speaker is touched.
    await sendAsLearner('PATCH', '/v1/speaker/7', 422);
    expect(await speakerState(7)).toEqual(before);
    expect(pageErrors).toEqual([]);
  });

  it("shows the description's example beside the form, never in the body", async () => {
    const { body: description } = await sendJson(app, '/openapi.json');
    const examples = description.components.examples;
    await openSpeaker(8);
    const speaker = speakerRow(db, 8);
    for (const [method, name] of [
      ['PATCH', 'SpeakerPatch'],
      ['PUT', 'SpeakerInput'],
    ] as const) {
      await page.getByLabel('Method').selectOption(method);
      const example = examples[name].value;
      expect(await exampleBeside().isVisible()).toBe(true);
      expect(JSON.parse(await exampleShown())).toEqual(example);
      // Another speaker's fields, which the body never carries.
      expect(example.name).not.toBe(speaker?.name);
      expect(await body()).not.toContain(example.name ?? example.twitter);
    }
    expect(pageErrors).toEqual([]);
  });

  it('prefills the token form with the demo client, and says what is still empty', async () => {
    await follow('token');
    await expectFormFor('/oauth');
    const form = new URLSearchParams(await body());
    expect(Object.fromEntries(form)).toMatchObject({
      grant_type: 'password',
      client_id: 'workshop',
      username: '',
      password: '',
    });
    // The form names the client: no Authorization header names it a second time.
    expect(await page.getByRole('radio', { name: 'None' }).isChecked()).toBe(true);
    expect(await bodyNote().textContent()).toContain('Still empty: username, password.');

    // Sent as it is, the endpoint refuses it, and the page still says what is missing.
    await page.getByRole('button', { name: 'Send' }).click();
    await expectStatus('POST /oauth → 400');
    expect(await bodyNote().textContent()).toContain('Still empty: username, password.');

    // The demo user's name and password typed in: a token, which the Bearer field takes.
    await expectFormFor('/oauth');
    form.set('username', 'editor');
    form.set('password', 'hyperpipe-editor');
    await page.getByLabel('Body').fill(form.toString());
    expect(await bodyNote().isHidden()).toBe(true);
    const sent = nextRequest('POST', '/oauth');
    await page.getByRole('button', { name: 'Send' }).click();
    expect((await sent).headers().authorization).toBeUndefined();
    await expectStatus('POST /oauth → 200');
    expect(await page.getByLabel('Bearer token').isChecked()).toBe(true);
    expect(await page.getByLabel('Token', { exact: true }).inputValue()).toMatch(/^\w+/);
    expect(pageErrors).toEqual([]);
  });

  it('sends a write with Basic credentials, and shows the 401 problem of a guest', async () => {
    const id = idsOf(db, 'speakers')[0] as number;
    await openSpeaker(id);
    await page.getByLabel('Body').fill('{"twitter": "@explorer"}');
    await page.getByLabel('User').fill('learner');
    await page.getByLabel('Password').fill('hyperpipe');
    await page.getByRole('button', { name: 'Send' }).click();
    await expectStatus(`PATCH /v1/speaker/${id} → 200`);
    expect(await state()).toMatchObject({ id: String(id), twitter: '@explorer' });
    expect(speakerRow(db, id)?.twitter).toBe('@explorer');

    await expectFormFor(`/v1/speaker/${id}`);
    await page.getByRole('radio', { name: 'None' }).check();
    await page.getByRole('button', { name: 'Send' }).click();
    await expectStatus(`PATCH /v1/speaker/${id} → 401`);
    expect(await page.getByRole('alert').getByRole('heading').textContent()).toBe(
      'Problem: 401 Unauthorized',
    );
    expect((await headersShown())['www-authenticate']).toMatch(/^Basic realm="conference"/);
    expect(pageErrors).toEqual([]);
  });

  it('writes only over the version it saw: a stale ETag shows the 412 problem', async () => {
    const id = idsOf(db, 'speakers')[1] as number;
    await openSpeaker(id);
    const seen = (await headersShown()).etag;
    // Another client changes the speaker after the explorer fetched it.
    const other = await fetch(`${server.url}/v1/speaker/${id}`, {
      method: 'PATCH',
      headers: {
        authorization: `Basic ${btoa('learner:hyperpipe')}`,
        'content-type': JSON_TYPE,
      },
      body: JSON.stringify({ name: 'Changed by another client' }),
    });
    expect(other.status).toBe(200);

    await page.getByLabel('Body').fill('{"name": "Changed in the explorer"}');
    await page.getByLabel('Password').fill('hyperpipe');
    const sent = nextRequest('PATCH', `/v1/speaker/${id}`);
    await page.getByRole('button', { name: 'Send' }).click();
    expect((await sent).headers()['if-match']).toBe(seen);
    await expectStatus(`PATCH /v1/speaker/${id} → 412 Precondition Failed`);
    expect(await page.getByRole('alert').getByRole('heading').textContent()).toBe(
      'Problem: 412 Precondition Failed',
    );
    expect(speakerRow(db, id)?.name).toBe('Changed by another client');

    // Fetched again, the current version is the one written over.
    await page.getByRole('button', { name: 'Go' }).click();
    await expectStatus(`GET /v1/speaker/${id} → 200`);
    await expectFormFor(`/v1/speaker/${id}`);
    await page.getByLabel('Body').fill('{"name": "Changed in the explorer"}');
    await page.getByRole('button', { name: 'Send' }).click();
    await expectStatus(`PATCH /v1/speaker/${id} → 200`);
    expect(speakerRow(db, id)?.name).toBe('Changed in the explorer');
    expect(pageErrors).toEqual([]);
  });

  it("gets a token from the root's `token` link, then DELETEs with it and no body", async () => {
    const talk = idsOf(db, 'talks').at(-1) as number;
    await follow('token');
    // GET is not how a token is asked for: the 405 says so, and its Allow sets the form.
    await expectStatus('GET /oauth → 405');
    await expectFormFor('/oauth');
    expect(await methods()).toEqual(['POST']);
    expect(await page.getByLabel('Content-Type').inputValue()).toBe(
      'application/x-www-form-urlencoded',
    );
    expect(await body()).toMatch(/^grant_type=password&/);
    await page
      .getByLabel('Body')
      .fill(
        'grant_type=password&username=editor&password=hyperpipe-editor&client_id=workshop&client_secret=workshop-secret',
      );
    await page.getByRole('radio', { name: 'None' }).check();
    await page.getByRole('button', { name: 'Send' }).click();
    await expectStatus('POST /oauth → 200');
    expect(await page.getByLabel('Bearer token').isChecked()).toBe(true);

    await page.getByRole('button', { name: 'API root' }).click();
    await expectStatus('GET / → 200');
    await fillAndFollow('talk', { talk_id: String(talk) });
    await expectFormFor(`/v1/talk/${talk}`);
    await page.getByLabel('Method').selectOption('DELETE');
    const sent = nextRequest('DELETE', `/v1/talk/${talk}`);
    await page.getByRole('button', { name: 'Send' }).click();
    const request: Request = await sent;
    expect(request.postData()).toBeNull();
    expect(request.headers()['content-type']).toBeUndefined();
    expect(request.headers().authorization).toMatch(/^Bearer \w+/);
    await expectStatus(`DELETE /v1/talk/${talk} → 204`);
    expect(talkRow(db, talk)).toBeUndefined();
    expect(pageErrors).toEqual([]);
  });

  it('renders the 404 problem of a speaker that does not exist', async () => {
    await page.getByLabel('Address').fill('/speaker/999999');
    await page.getByRole('button', { name: 'Go' }).click();
    await expectStatus('GET /speaker/999999 → 404');
    const alert = page.getByRole('alert');
    expect(await alert.getByRole('heading').textContent()).toBe('Problem: 404 Not Found');
    expect(await alert.locator('.detail').textContent()).toBe('Entity not found.');
    expect(pageErrors).toEqual([]);
  });

  it('fetches only its own origin, whatever the fragment names', async () => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(server.url)) foreign.push(request.url());
    });
    for (const fragment of [
      'http://example.invalid/x',
      '//example.invalid/x',
      '/\\example.invalid/x',
    ]) {
      await page.goto(`${server.url}/#${fragment}`);
      await expectStatus('Only URLs of');
    }
    expect(foreign).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('never fetches another host that dot segments or backslashes hide in a URL, without its policy too', async () => {
    // Another origin that would answer anything, token included, if it were asked.
    const asked: string[] = [];
    const foreign = createServer((request, response) => {
      asked.push(`${request.method} ${request.url}`);
      response.writeHead(200, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
        'access-control-allow-methods': '*',
        'content-type': 'application/json',
      });
      response.end(JSON.stringify({ access_token: 'foreign-token', _links: {} }));
    });
    await new Promise<void>((listening) => foreign.listen(0, '127.0.0.1', listening));
    const { port } = foreign.address() as AddressInfo;
    const host = `127.0.0.1:${port}`;
    // The policy (connect-src 'self') would stop such a fetch by itself: the page's own
    // check is what is tested, so the page is served here without it.
    await page.route(`${server.url}/`, async (route) => {
      const answer = await route.fetch();
      const headers = { ...answer.headers() };
      delete headers['content-security-policy'];
      await route.fulfill({ response: answer, headers });
    });
    try {
      for (const fragment of [
        `/..//${host}/x`,
        `/.//${host}/x`,
        `/%2e%2e//${host}/x`,
        `/speaker/../..//${host}/x`,
        `/..\\/${host}/x`,
      ]) {
        // Resolved, each is this origin's path //host/x, which, read again, names the other host.
        await page.goto(`${server.url}/#${fragment}`);
        await expectStatus(`Only URLs of ${server.url} are fetched here, not ${fragment}.`);
        await page.getByRole('button', { name: 'API root' }).click();
        await expectStatus('GET / → 200');
        // Typed in the address field, the same.
        await page.getByLabel('Address').fill(fragment);
        await page.getByRole('button', { name: 'Go' }).click();
        await expectStatus(`Only URLs of ${server.url} are fetched here.`);
      }
      // Nothing of the other origin reached the page: no token was taken from it.
      expect(await page.getByLabel('Bearer token').isChecked()).toBe(false);
      expect(asked).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await new Promise((closed) => foreign.close(closed));
    }
  });

  it('is served with a policy: its own script and style, this origin, never in a frame', async () => {
    const answer = await page.goto(`${server.url}/`);
    const policy = answer?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    // The page still works under it: the root loads, and nothing was refused.
    await expectStatus('GET / → 200');
    expect(pageErrors).toEqual([]);
  });

  it('never makes a javascript: URL a link', async () => {
    // An answer whose links a page could be tricked with (the API never sends these).
    await page.route('**/speaker/1', (route) =>
      route.fulfill({
        contentType: 'application/hal+json',
        body: JSON.stringify({
          id: 1,
          _links: {
            self: { href: '/speaker/1' },
            evil: { href: 'javascript:alert(1)' },
            elsewhere: { href: 'https://example.org/' },
          },
        }),
      }),
    );
    await page.goto(`${server.url}/#/speaker/1`);
    await expectStatus('GET /speaker/1 → 200');
    expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(await page.locator('a[href="https://example.org/"]').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
