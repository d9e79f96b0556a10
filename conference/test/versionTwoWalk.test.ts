import type { CatalogueDatabase } from '@hyperpipe/catalogue';
import { type RunningServer, serve } from 'hyperpipe/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestConference, idsOf, PROBLEM, V2 } from './support/conference.ts';

// A client that knows only the documented way to ask for version 2, an Accept of its vendor
// type, starts at the root and follows every link it is given, over a real socket: no link
// may lead to a 406, and every answer is version 2 (or the type its link announces).
let server: RunningServer;
let db: CatalogueDatabase;
beforeAll(async () => {
  const conference = await createTestConference();
  db = conference.db;
  server = await serve(conference.app, { port: 0, handleSignals: false, hostname: '127.0.0.1' });
});
afterAll(() => server?.close());

interface HalLink {
  href: string;
  templated?: boolean;
  type?: string;
}

/** A link as the client follows it: a template filled with a page and ids that exist. */
function followable(link: HalLink): string {
  if (!link.templated) return link.href;
  const values: Record<string, string> = {
    speaker_id: String(idsOf(db, 'speakers')[1]),
    talk_id: String(idsOf(db, 'talks')[1]),
  };
  return link.href
    .replace('{?page}', '?page=2')
    .replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

/** Every link of a HAL document, those of its embedded resources included. */
function linksOf(document: unknown): HalLink[] {
  if (typeof document !== 'object' || document === null) return [];
  const { _links = {}, _embedded = {} } = document as {
    _links?: Record<string, HalLink | HalLink[]>;
    _embedded?: Record<string, unknown>;
  };
  return [...Object.values(_links).flat(), ...Object.values(_embedded).flat().flatMap(linksOf)];
}

it('with only Accept: application/vnd.conference.v2+json, every link from the root is followed without a 406', async () => {
  const origin = new URL(server.url).origin;
  const queue: HalLink[] = [{ href: `${origin}/` }];
  const seen = new Set<string>();
  const refused: string[] = [];
  while (queue.length > 0) {
    const link = queue.shift() as HalLink;
    const url = followable(link);
    // Other sites (a speaker's profile) are not the API's to answer.
    if (new URL(url).origin !== origin || seen.has(url)) continue;
    seen.add(url);
    const answer = await fetch(url, { headers: { accept: V2 } });
    const type = answer.headers.get('content-type');
    const text = await answer.text();
    if (answer.status === 405) {
      // The token endpoint takes POST only: a 405 problem saying so, never a 406.
      expect([type, answer.headers.get('allow')], url).toEqual([PROBLEM, 'POST']);
      continue;
    }
    if (answer.status !== 200) {
      refused.push(`${url}: ${answer.status} ${text}`);
      continue;
    }
    // Version 2, or the type the link announced (the OpenAPI document is JSON).
    expect([V2, link.type], url).toContain(type);
    if (type === V2) queue.push(...linksOf(JSON.parse(text)));
  }
  expect(refused).toEqual([]);
  const paths = [...seen].map((url) => new URL(url).pathname);
  // The walk reached every speaker and every talk, all of them in version 2.
  const speakers = idsOf(db, 'speakers').map((id) => `/v2/speaker/${id}`);
  const talks = idsOf(db, 'talks').map((id) => `/v2/talk/${id}`);
  expect(paths).toEqual(expect.arrayContaining([...speakers, ...talks, '/timezone']));
  expect(paths.filter((path) => path.startsWith('/v1'))).toEqual([]);
}, 60_000);
