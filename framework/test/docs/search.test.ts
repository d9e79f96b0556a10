import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureSite, SITE_DIR } from '../../../cli/src/commands/docs.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SITE = join(ROOT, SITE_DIR);

/** What typedoc's search box shows: its first ten results. */
const SHOWN = 10;
/** typedoc's kind number for a document, a guide here. */
const DOCUMENT = 8388608;

/** A row of the search index: a page, or a member of one. */
interface Row {
  kind: number;
  name: string;
  parent?: string;
}

/** The part of lunr, the search engine typedoc ships, that the search box uses. */
interface LunrIndex {
  search(query: string): { ref: string; score: number }[];
}
const lunr = createRequire(join(ROOT, 'node_modules', 'typedoc', 'package.json'))('lunr') as {
  Index: { load(serialised: unknown): LunrIndex };
};

/** The index typedoc wrote into assets/search.js: deflated JSON, in base64. */
function readSearchIndex(): { rows: Row[]; index: LunrIndex } {
  const script = readFileSync(join(SITE, 'assets', 'search.js'), 'utf8');
  const encoded = /window\.searchData = "([^"]+)"/.exec(script)?.[1] ?? '';
  const data = JSON.parse(inflateSync(Buffer.from(encoded, 'base64')).toString('utf8'));
  return { rows: data.rows, index: lunr.Index.load(data.index) };
}

/**
 * The names the search box lists for a word, best first, as typedoc's main.js ranks them:
 * each word matched anywhere in a term, and a name starting with the query ten times ahead.
 * A guide's name is marked `guide:`.
 */
function search(word: string): string[] {
  const { rows, index } = readSearchIndex();
  return index
    .search(`*${word}*`)
    .map(({ ref, score }) => {
      const row = rows[Number(ref)] as Row;
      const named = row.name.toLowerCase().startsWith(word.toLowerCase());
      const bonus = named ? 10 / (1 + Math.abs(row.name.length - word.length)) : 1;
      const name = row.kind === DOCUMENT ? `guide:${row.name}` : row.name;
      return { name, score: score * bonus };
    })
    .sort((a, b) => b.score - a.score)
    .map(({ name }) => name);
}

/**
 * The guides whose Markdown uses the word: those with a section named by it (the word in a
 * heading) first, then by how often they use it.
 */
function guidesExplaining(word: string): string[] {
  const docs = join(ROOT, 'docs');
  return readdirSync(docs)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .map((file) => {
      const text = readFileSync(join(docs, file), 'utf8');
      const title = /^# (.+)$/m.exec(text)?.[1]?.trim() ?? file;
      const headings = text.match(/^#{2,6} .*$/gm) ?? [];
      return {
        title: `guide:${title}`,
        uses: text.split(word).length - 1,
        inHeading: headings.some((heading) => heading.includes(word)),
      };
    })
    .filter(({ uses }) => uses > 0)
    .sort((a, b) => Number(b.inHeading) - Number(a.inHeading) || b.uses - a.uses)
    .map(({ title }) => title);
}

// Guides are long, so lunr's length normalisation ranks a word in them below the same word
// in a one-line comment: typedoc.json boosts the "Guides" category and lowers class members
// (properties, methods, accessors), whose page is their class's; typedoc.plugin.ts weighs a
// word in a guide's heading as much as a symbol's name, since a heading names a section.
describe("the documentation site's search", () => {
  beforeAll(async () => {
    expect(await ensureSite(ROOT)).toBe(0);
  }, 180_000);

  it.each(['405', 'priority', 'ETag'])(
    'lists the guide with a section on "%s", else the one using it the most, first, and every guide using it among the ten shown',
    (word) => {
      const guides = guidesExplaining(word);
      expect(guides.length).toBeGreaterThan(0);
      const shown = search(word).slice(0, SHOWN);
      expect(shown[0]).toBe(guides[0]);
      expect(shown).toEqual(expect.arrayContaining(guides));
    },
  );

  // The benchmarks page says "ETag" as often as the guides, in tables and timings; the
  // page to read first is the one that teaches conditional requests.
  it.each(['ETag', 'etag'])(
    'lists the REST guide, which teaches conditional requests, first for "%s"',
    (word) => {
      expect(search(word)[0]).toBe('guide:REST conventions');
    },
  );

  it('still lists a class first when its name is the query', () => {
    expect(search('Route')[0]).toBe('Route');
    expect(search('HalResource')[0]).toBe('HalResource');
  });
});
