// Fastify with its defaults: no logger, no response schema (so plain JSON.stringify).
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { ack } from './ack.ts';
import { announce, HOST } from './announce.ts';

const app = Fastify({ logger: false });
// The same shape of application as the Hyperpipe server: one pass-through hook first.
app.addHook('onRequest', (_request, _reply, done) => done());
app.get('/ping', async () => ack());

await app.listen({ port: 0, host: HOST });
announce((app.server.address() as AddressInfo).port);
