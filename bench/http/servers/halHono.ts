// The HAL peer on Hono 4 (on @hono/node-server, as Hyperpipe): the same documents, SQL and
// headers as halRaw.ts (halDocuments.ts), routed and answered as a Hono user writes it by hand.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { announce, HOST } from './announce.ts';
import { halHeaders, speakerDocument, speakerPageDocument } from './halDocuments.ts';

const app = new Hono();

/** The document as HAL, or a bare 404 when there is none (as halRaw.ts answers). */
function hal(c: Context, document: object | undefined): Response {
  if (document === undefined) return c.body(null, 404);
  const body = JSON.stringify(document);
  return c.body(body, 200, halHeaders(body));
}

/** Links are absolute, from the origin the client asked. */
const originOf = (c: Context) => new URL(c.req.url).origin;

app.get('/speaker/:id{[1-9][0-9]{0,14}}', (c) =>
  hal(c, speakerDocument(originOf(c), Number(c.req.param('id')))),
);
app.get('/speaker', (c) => {
  const page = c.req.query('page') ?? '1';
  if (!/^[1-9]\d*$/.test(page)) return c.body(null, 404);
  return hal(c, speakerPageDocument(originOf(c), Number(page)));
});

serve({ fetch: app.fetch, port: 0, hostname: HOST }, (info: AddressInfo) => announce(info.port));
