// The HAL baseline: node:http and better-sqlite3 by hand, answering the conference API's
// `GET /speaker/{id}` and `GET /speaker?page=N` with the very bytes Hyperpipe sends, through
// the catalogue's own SQL (the `+` before parameters: see catalogue/src/speaker-repository.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInMemoryCatalogue } from '@hyperpipe/catalogue';
import { announce, HOST } from './announce.ts';

const PAGE_SIZE = 25;
const db = createInMemoryCatalogue();
const speakerById = db.prepare('SELECT id, name, url, twitter FROM speakers WHERE id = ?');
const speakerPage = db.prepare(
  'SELECT id, name, url, twitter FROM speakers ORDER BY id LIMIT +? OFFSET +?',
);
const speakerCount = db.prepare('SELECT count(*) FROM speakers').pluck();
const talksOf = db.prepare(
  `SELECT t.id, t.title, t.abstract, t.day, t.start_time
   FROM talks AS t JOIN talks_speakers AS ts ON ts.talk_id = t.id
   WHERE ts.speaker_id = +?
   ORDER BY t.day NULLS LAST, t.start_time NULLS LAST, t.id`,
);

type Row = Record<string, unknown> & { id: number };

const self = (href: string) => ({ self: { href } });

function speaker(origin: string, id: number): object | undefined {
  const row = speakerById.get(id) as Row | undefined;
  if (row === undefined) return undefined;
  const talks = (talksOf.all(id) as Row[]).map((talk) => ({
    _links: self(`${origin}/v1/talk/${talk.id}`),
    ...talk,
  }));
  return { _links: self(`${origin}/v1/speaker/${id}`), ...row, _embedded: { talks } };
}

function speakers(origin: string, page: number): object | undefined {
  const total = speakerCount.get() as number;
  const pageCount = Math.ceil(total / PAGE_SIZE);
  if (page > Math.max(pageCount, 1)) return undefined;
  const rows = speakerPage.all(PAGE_SIZE, (page - 1) * PAGE_SIZE) as Row[];
  const url = `${origin}/v1/speaker`;
  const links: Record<string, { href: string }> = {
    self: { href: `${url}?page=${page}` },
    first: { href: url },
  };
  if (page > 1) links.prev = { href: `${url}?page=${page - 1}` };
  if (page < pageCount) links.next = { href: `${url}?page=${page + 1}` };
  links.last = { href: `${url}?page=${pageCount}` };
  const items = rows.map((row) => ({ _links: self(`${url}/${row.id}`), ...row }));
  return {
    _links: links,
    count: items.length,
    total,
    page,
    page_count: pageCount,
    page_size: PAGE_SIZE,
    _embedded: { speakers: items },
  };
}

function answer(request: IncomingMessage): object | undefined {
  const origin = `http://${request.headers.host}`;
  const url = request.url ?? '/';
  const entity = /^\/speaker\/([1-9]\d{0,14})$/.exec(url);
  if (entity) return speaker(origin, Number(entity[1]));
  const collection = /^\/speaker(?:\?page=([1-9]\d*))?$/.exec(url);
  if (collection) return speakers(origin, Number(collection[1] ?? 1));
  return undefined;
}

function handle(request: IncomingMessage, response: ServerResponse): void {
  const document = request.method === 'GET' ? answer(request) : undefined;
  if (document === undefined) {
    response.writeHead(404).end();
    return;
  }
  const body = JSON.stringify(document);
  response.writeHead(200, {
    'content-type': 'application/hal+json',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

const server = createServer(handle);
server.listen(0, HOST, () => announce((server.address() as AddressInfo).port));
