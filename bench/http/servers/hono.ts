// Hono on @hono/node-server: the closest relative, with the same node adapter as Hyperpipe.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { ack } from './ack.ts';
import { announce, HOST } from './announce.ts';

const app = new Hono();
// The same shape of application as the Hyperpipe server: one pass-through middleware first.
app.use(async (_context, next) => {
  await next();
});
app.get('/ping', (context) => context.json(ack()));

serve({ fetch: app.fetch, port: 0, hostname: HOST }, (info: AddressInfo) => announce(info.port));
