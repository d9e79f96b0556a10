import { existsSync } from 'node:fs';
import type { CatalogueDatabase } from '@hyperpipe/catalogue';
import type { RunningServer } from 'hyperpipe';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestConference,
  idsOf,
  JSON_TYPE,
  linkTable,
  SEED,
  send,
  sendJson,
  speakerRow,
  talkRow,
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

/**
 * Chromium: CHROMIUM_PATH, or Debian's chromium package, which `.ci/run` installs. Without
 * it the tests fail rather than skip: a browser test that never runs proves nothing.
 */
function chromiumPath(): string {
  const path =
    process.env.CHROMIUM_PATH ??
    ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => existsSync(candidate));
  if (path === undefined || !existsSync(path)) {
    throw new Error(
      `No Chromium at ${path ?? '/usr/bin/chromium'} for the explorer tests: \`apt-get install chromium\` (.ci/run does), or set CHROMIUM_PATH`,
    );
  }
  return path;
}

describe('the HAL explorer in Chromium', () => {
  let db: CatalogueDatabase;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    const conference = await createTestConference();
    db = conference.db;
    server = await conference.app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
    browser = await chromium.launch({ executablePath: chromiumPath() });
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  beforeEach(async () => {
    page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${server.url}/`);
    await expectStatus('GET /speaker → 200');
  });

  /** Waits for the status line to say what was fetched and how it went. */
  const expectStatus = (text: string) =>
    page.getByRole('status').filter({ hasText: text }).waitFor({ timeout: 5_000 });

  /** The state the page shows, field by field. */
  const state = () =>
    page.$$eval('#state-list dt', (terms) =>
      Object.fromEntries(
        terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]),
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

  it('opens on the speakers and follows `next` to page 2', async () => {
    expect(await state()).toMatchObject({ page: '1', total: String(SEED.speakers) });
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: 'Next' })
      .click();
    await expectStatus('GET /v1/speaker?page=2 → 200');
    expect(await state()).toMatchObject({ page: '2', count: '25' });
    const names = idsOf(db, 'speakers')
      .slice(25, 50)
      .map((id) => speakerRow(db, id)?.name);
    expect(await embedded('speakers')).toEqual(names);
    expect(pageErrors).toEqual([]);
  });

  it('opens a speaker of page 2 and shows the talks it embeds', async () => {
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: 'Next' })
      .click();
    await expectStatus('page=2 → 200');
    const { talksOf } = linkTable(db);
    const id = idsOf(db, 'speakers')
      .slice(25, 50)
      .find((speaker) => (talksOf.get(speaker)?.length ?? 0) > 1) as number;
    const speaker = speakerRow(db, id);
    await page.getByRole('button', { name: `Open ${speaker?.name}` }).click();
    await expectStatus(`GET /v1/speaker/${id} → 200`);
    expect(await state()).toMatchObject({ id: String(id), name: speaker?.name });
    const titles = (talksOf.get(id) ?? []).map((talk) => talkRow(db, talk)?.title);
    expect((await embedded('talks')).sort()).toEqual(titles.sort());
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

  it('sends a write with Basic credentials, and shows the 401 problem of a guest', async () => {
    const id = idsOf(db, 'speakers')[0] as number;
    await page.getByLabel('Method').selectOption('PATCH');
    await page.getByLabel('URL').fill(`/speaker/${id}`);
    await page.getByLabel('Body').fill('{"twitter": "@explorer"}');
    await page.getByLabel('User').fill('learner');
    await page.getByLabel('Password').fill('hyperpipe');
    await page.getByRole('button', { name: 'Send' }).click();
    await expectStatus(`PATCH /speaker/${id} → 200`);
    expect(await state()).toMatchObject({ id: String(id), twitter: '@explorer' });
    expect(speakerRow(db, id)?.twitter).toBe('@explorer');

    await page.getByLabel('None').check();
    await page.getByRole('button', { name: 'Send' }).click();
    await expectStatus(`PATCH /speaker/${id} → 401`);
    expect(await page.getByRole('alert').getByRole('heading').textContent()).toBe(
      'Problem: 401 Unauthorized',
    );
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

  it('is served with a policy: its own script and style, this origin, never in a frame', async () => {
    const answer = await page.goto(`${server.url}/`);
    const policy = answer?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    // The page still works under it: the speakers load, and nothing was refused.
    await expectStatus('GET /speaker → 200');
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
