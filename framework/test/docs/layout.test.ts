import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSite, SITE_DIR } from '../../../cli/src/commands/docs.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SITE = join(ROOT, SITE_DIR);

/** A laptop's screen, and a phone's. */
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * Chromium: CHROMIUM_PATH, or Debian's chromium package, which `.ci/run` installs. Without
 * it the tests fail rather than skip: a layout test that never runs proves nothing.
 */
function chromiumPath(): string {
  const path =
    process.env.CHROMIUM_PATH ??
    ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => existsSync(candidate));
  if (path === undefined || !existsSync(path)) {
    throw new Error(
      `No Chromium at ${path ?? '/usr/bin/chromium'} for the site's layout tests: \`apt-get install chromium\` (.ci/run does), or set CHROMIUM_PATH`,
    );
  }
  return path;
}

/** The welcome page and the guides: the pages people read from top to bottom. */
function guidePages(): string[] {
  const guides = readdirSync(join(SITE, 'documents')).filter((name) => name.endsWith('.html'));
  return ['index.html', ...guides.map((name) => `documents/${name}`)];
}

/** Every reference page: one per class, function, interface, type and constant. */
function referencePages(): string[] {
  return ['classes', 'functions', 'interfaces', 'types', 'variables'].flatMap((folder) =>
    readdirSync(join(SITE, folder)).map((name) => `${folder}/${name}`),
  );
}

/**
 * The reference pages of the longest names: a title is one word that cannot wrap, so
 * these are the pages a narrow screen meets first.
 */
function longestNamedReferencePages(count: number): string[] {
  return referencePages()
    .sort((a, b) => b.length - a.length)
    .slice(0, count);
}

/** The code blocks of the page that scroll sideways, each named by its longest line. */
function scrollingCodeBlocks(page: Page): Promise<string[]> {
  return page.$$eval('pre', (blocks) =>
    blocks
      .filter((block) => block.scrollWidth > block.clientWidth)
      .map((block) => {
        const lines = (block as HTMLElement).innerText.split('\n');
        const longest = lines.reduce((a, b) => (b.length > a.length ? b : a), '');
        return `${block.scrollWidth - block.clientWidth} px too wide: ${longest.trim()}`;
      }),
  );
}

/** How far the page itself scrolls sideways, in pixels: 0 when it fits the screen. */
function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

describe('the documentation site on a screen', () => {
  let browser: Browser;
  let desktop: Page;
  let phone: Page;

  /** Opens a page of the site, once its style sheets are in. */
  const open = async (page: Page, path: string) => {
    // 'load': without scripts, nothing holds DOMContentLoaded back until the style sheets are
    // in, and a page measured before them is wider than the screen.
    await page.goto(pathToFileURL(join(SITE, path)).href, { waitUntil: 'load' });
    return page;
  };

  beforeAll(async () => {
    expect(await ensureSite(ROOT)).toBe(0);
    browser = await chromium.launch({ executablePath: chromiumPath() });
    // Widths are the style sheets' alone: every page of the site measured the same with its
    // scripts (search, navigation, theme) and without, and a page loads in half the time
    // without them.
    desktop = await browser.newPage({ viewport: DESKTOP, javaScriptEnabled: false });
    phone = await browser.newPage({ viewport: PHONE, javaScriptEnabled: false });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('finds the guides to measure', () => {
    expect(guidePages().length).toBeGreaterThanOrEqual(5);
  });

  it('shows every code block of the guides whole at 1280 px, without scrolling', async () => {
    const scrolling: string[] = [];
    for (const path of guidePages()) {
      const blocks = await scrollingCodeBlocks(await open(desktop, path));
      scrolling.push(...blocks.map((block) => `${path}: ${block}`));
    }
    expect(scrolling).toEqual([]);
  });

  it('shows every code block of the reference pages whole at 1280 px', async () => {
    const pages = referencePages();
    expect(pages.length).toBeGreaterThan(100);
    // A page without a <pre> has no code block to measure.
    const withCode = pages.filter((path) =>
      readFileSync(join(SITE, path), 'utf8').includes('<pre'),
    );
    expect(withCode.length).toBeGreaterThan(50);
    const scrolling: string[] = [];
    for (const path of withCode) {
      const blocks = await scrollingCodeBlocks(await open(desktop, path));
      scrolling.push(...blocks.map((block) => `${path}: ${block}`));
    }
    expect(scrolling).toEqual([]);
  }, 240_000);

  it('fits the guides, and the reference pages of the longest names, to a 390 px phone', async () => {
    const overflowing: string[] = [];
    for (const path of [...guidePages(), ...longestNamedReferencePages(8)]) {
      const overflow = await pageOverflow(await open(phone, path));
      if (overflow > 0) overflowing.push(`${path}: ${overflow} px wider than the screen`);
    }
    expect(overflowing).toEqual([]);
  });

  it('notices a code block that scrolls and a page wider than the screen', async () => {
    const page = await open(phone, 'documents/The_framework.html');
    await page.evaluate(() => {
      const content = document.querySelector('.col-content');
      const pre = document.createElement('pre');
      pre.textContent = `const line = '${'x'.repeat(200)}';`;
      const wide = document.createElement('div');
      wide.style.width = '600px';
      wide.textContent = 'a box wider than the phone';
      content?.append(pre, wide);
    });
    expect(await scrollingCodeBlocks(page)).toContainEqual(expect.stringContaining("'xxx"));
    expect(await pageOverflow(page)).toBeGreaterThan(0);
  });
});
