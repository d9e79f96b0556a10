/**
 * The screenshot of the HAL explorer in docs/conference-api.md: a speaker of the seeded
 * catalogue, reached from the API root as a user would, with the answer's headers beside it.
 *
 *   npx tsx conference/scripts/screenshotExplorer.ts [--out file.png] [--width 1280] [--height 800]
 *
 * The API runs in this process over a fresh in-memory catalogue, so the picture is the same
 * on every machine and no database file is touched.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createInMemoryCatalogue } from '@hyperpipe/catalogue';
import { chromium } from 'playwright-core';
import { createConferenceApp } from '../src/createConferenceApp.ts';
import { chromiumPath } from './chromium.ts';

/** A speaker of the seed with a short name, a URL, a Twitter handle and three talks. */
const SPEAKER_ID = '58';

const { values } = parseArgs({
  options: {
    out: {
      type: 'string',
      default: fileURLToPath(new URL('../../docs/images/explorer.png', import.meta.url)),
    },
    width: { type: 'string', default: '1280' },
    height: { type: 'string', default: '800' },
  },
});

const app = await createConferenceApp({
  database: createInMemoryCatalogue(),
  tokenDatabase: ':memory:',
});
const server = await app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
const browser = await chromium.launch({ executablePath: chromiumPath() });
try {
  const page = await browser.newPage({
    viewport: { width: Number(values.width), height: Number(values.height) },
  });
  await page.goto(`${server.url}/`);
  await page.getByRole('status').filter({ hasText: 'GET / → 200' }).waitFor();
  await page.getByLabel('speaker_id').fill(SPEAKER_ID);
  await page.getByRole('button', { name: 'Follow speaker', exact: true }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `/speaker/${SPEAKER_ID} → 200` })
    .waitFor();
  // The write form has asked the speaker for its Allow and filled its body template.
  await page.locator('#send:enabled').waitFor();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({ path: values.out });
  console.log(`Saved ${values.out}`);
} finally {
  await browser.close();
  await server.close();
}
