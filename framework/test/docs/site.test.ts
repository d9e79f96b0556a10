import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureSite, SITE_DIR } from '../../../cli/src/commands/docs.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SITE = join(ROOT, SITE_DIR);

/** The guides, then the concepts the reference is grouped by, in typedoc.json's order. */
const CATEGORIES = JSON.parse(readFileSync(join(ROOT, 'typedoc.json'), 'utf8'))
  .categoryOrder as string[];

/** Every href and src of an HTML file, as written. */
function linksOf(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map(([, link]) => link as string);
}

const isExternal = (link: string) => /^[a-z][a-z\d+.-]*:/i.test(link) || link.startsWith('//');

/** The ids an anchor may name in a file: `id` and `name` attributes (HTML and SVG alike). */
const anchorsCache = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  let anchors = anchorsCache.get(file);
  if (anchors === undefined) {
    const text = readFileSync(file, 'utf8');
    anchors = new Set([...text.matchAll(/\s(?:id|name)="([^"]*)"/g)].map(([, id]) => id as string));
    anchorsCache.set(file, anchors);
  }
  return anchors;
}

/**
 * Why a relative link from `page` does not resolve, or undefined when it does: the target
 * must exist (a file or a folder of the checkout, outside `node_modules`, which a fresh
 * clone lacks and `workshop docs` never serves), an anchor into a page or an SVG must name
 * an element there, and a source link's `#L<line>` a line the file has.
 */
function brokenLink(page: string, link: string): string | undefined {
  const [path = '', anchor = ''] = link.split('#');
  const target = path === '' ? page : resolve(dirname(page), decodeURIComponent(path));
  const inRepository = relative(ROOT, target);
  if (inRepository.startsWith('..') || inRepository.split(sep).includes('node_modules')) {
    return 'not a file of the repository';
  }
  if (!existsSync(target)) return 'no such file';
  if (anchor === '' || statSync(target).isDirectory()) return undefined;
  const line = /^L(\d+)$/.exec(anchor)?.[1];
  if (line !== undefined) {
    const lines = readFileSync(target, 'utf8').split('\n').length;
    return Number(line) <= lines ? undefined : `the file has ${lines} lines`;
  }
  if (!/\.(?:html|svg)$/.test(target)) return undefined;
  return anchorsOf(target).has(decodeURIComponent(anchor)) ? undefined : `no #${anchor} there`;
}

/** Reference pages of what the guides are built around, each explained in a guide's section. */
const GUIDED_PAGES = [
  'classes/Application.html',
  'classes/MiddlewarePipe.html',
  'classes/FinalHandler.html',
  'classes/RoutingMiddleware.html',
  'classes/DispatchMiddleware.html',
  'interfaces/Router.html',
  'classes/Route.html',
  'functions/ApplicationFactory.html',
  'classes/ServiceManager.html',
  'classes/PipelineTrace.html',
  'classes/ApiProblem.html',
  'classes/ProblemMiddleware.html',
  'classes/HalRenderer.html',
  'classes/HalResource.html',
  'classes/Resource.html',
  'functions/registerResource.html',
  'classes/ContentNegotiation.html',
  'classes/Versioning.html',
  'classes/AuthenticationMiddleware.html',
  'classes/AuthorizationMiddleware.html',
];

function pagesOf(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

function brokenLinks(file: string, links: string[]): string[] {
  return links
    .filter((link) => link !== '#' && !isExternal(link))
    .flatMap((link) => {
      const why = brokenLink(file, link);
      return why === undefined ? [] : [`${relative(ROOT, file)} → ${link}: ${why}`];
    });
}

describe('the documentation site', () => {
  beforeAll(async () => {
    expect(await ensureSite(ROOT)).toBe(0);
  }, 180_000);

  it('opens on the welcome page, with every guide in it', () => {
    const index = readFileSync(join(SITE, 'index.html'), 'utf8');
    expect(index).toContain('<h1 id="hyperpipe"');
    const guides = [
      'The_framework',
      'REST_conventions',
      'Authentication_and_authorization',
      'The_conference_API',
      'Benchmarks',
    ];
    for (const guide of guides) {
      expect(index).toContain(`href="documents/${guide}.html"`);
      expect(existsSync(join(SITE, 'documents', `${guide}.html`))).toBe(true);
    }
  });

  it("turns a guide's links into the repository into API pages, or into the checkout", () => {
    const guide = readFileSync(join(SITE, 'documents', 'The_framework.html'), 'utf8');
    // docs/framework.md links ../framework/src/http/ServerRequest.ts and ../framework/src.
    expect(guide).toContain('href="../classes/ServerRequest.html"');
    expect(guide).toContain('href="../../../framework/src"');
    // typedoc copies what a guide links to into media/: images it shows, nothing else.
    const media = existsSync(join(SITE, 'media')) ? readdirSync(join(SITE, 'media')) : [];
    expect(media.filter((file) => !/\.(png|svg|jpg)$/.test(file))).toEqual([]);
  });

  it('lists the reference by concept, leaving nothing uncategorised', () => {
    const sections = [
      ...readFileSync(join(SITE, 'modules.html'), 'utf8').matchAll(/data-key="section-([^"]+)"/g),
    ].map(([, section]) => section as string);
    expect(sections.length).toBeGreaterThan(5);
    expect(sections.filter((section) => !CATEGORIES.includes(section))).toEqual([]);
  });

  it('has no broken relative link on any page', () => {
    const pages = pagesOf(SITE);
    expect(pages.length).toBeGreaterThan(50);
    expect(pages.flatMap((page) => brokenLinks(page, linksOf(readFileSync(page, 'utf8'))))).toEqual(
      [],
    );
  });

  it('gives MiddlewarePipe and FinalHandler, central in the framework guide, pages it links to', () => {
    const guide = readFileSync(join(SITE, 'documents', 'The_framework.html'), 'utf8');
    for (const name of ['MiddlewarePipe', 'FinalHandler']) {
      expect(existsSync(join(SITE, 'classes', `${name}.html`)), name).toBe(true);
      expect(guide).toContain(`href="../classes/${name}.html"`);
    }
  });

  it.each(GUIDED_PAGES)('links %s back to the guide section that explains it', (path) => {
    const page = join(SITE, path);
    const sections = linksOf(readFileSync(page, 'utf8')).filter((link) =>
      /^\.\.\/documents\/[^#]+\.html#./.test(link),
    );
    expect(sections.length).toBeGreaterThan(0);
    expect(brokenLinks(page, sections)).toEqual([]);
  });

  it('has every page the step READMEs link to, anchors included', () => {
    const readmes = readdirSync(join(ROOT, 'exercises'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(ROOT, 'exercises', entry.name, 'README.md'))
      .filter((file) => existsSync(file));
    expect(readmes.length).toBeGreaterThan(10);
    const broken = readmes.flatMap((readme) => {
      const links = [...readFileSync(readme, 'utf8').matchAll(/\]\(([^)\s]+)\)/g)]
        .map(([, link]) => link as string)
        .filter((link) => link.includes(`${SITE_DIR}/`));
      return brokenLinks(readme, links);
    });
    expect(broken).toEqual([]);
  });

  it('reports a link to a missing page, anchor or source line', () => {
    const page = join(SITE, 'documents', 'The_framework.html');
    expect(brokenLinks(page, ['../classes/Nope.html'])).toHaveLength(1);
    expect(brokenLinks(page, ['../index.html#nope'])).toHaveLength(1);
    expect(brokenLinks(page, ['../../../framework/src/index.ts#L99999'])).toHaveLength(1);
    expect(brokenLinks(page, ['../../../node_modules/typescript/lib/lib.es5.d.ts'])).toHaveLength(
      1,
    );
    expect(brokenLinks(page, ['../index.html#hyperpipe', '../../../framework/src'])).toEqual([]);
  });

  it('searches the words of comments and guides, not only the names of symbols', () => {
    // assets/search.js holds the search's index, deflated and in base64.
    const script = readFileSync(join(SITE, 'assets', 'search.js'), 'utf8');
    const data = script.slice(script.indexOf('"') + 1, script.lastIndexOf('"'));
    const { index } = JSON.parse(inflateSync(Buffer.from(data, 'base64')).toString('utf8'));
    const terms = new Map<string, Record<string, object>>(index.invertedIndex);
    for (const word of ['bearer', '405']) {
      expect(
        Object.keys(terms.get(word)?.comment ?? {}).length,
        `${word} in comments`,
      ).toBeGreaterThan(0);
      expect(
        Object.keys(terms.get(word)?.document ?? {}).length,
        `${word} in guides`,
      ).toBeGreaterThan(0);
    }
  });
});
