// Express 5 with its defaults (ETag, X-Powered-By), as most applications run it.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { ack } from './ack.ts';
import { announce, HOST } from './announce.ts';

const app = express();
// The same shape of application as the Hyperpipe server: one pass-through middleware first.
app.use((_request, _response, next) => next());
app.get('/ping', (_request, response) => response.json(ack()));

const server = app.listen(0, HOST, (error) => {
  if (error) throw error;
  announce((server.address() as AddressInfo).port);
});
