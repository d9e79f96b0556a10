// Hyperpipe through its whole pipeline: a pass-through middleware, routing, dispatch, the
// route's middleware, and the @hono/node-server listener that app.run() uses.
import type { MiddlewareFunction } from 'hyperpipe';
import { createApplication, json } from 'hyperpipe';
import { ack } from './ack.ts';
import { announce, HOST } from './announce.ts';

// Real applications pipe something before routing (logging, CORS, …); this measures its toll.
const passThrough: MiddlewareFunction = (_request, _response, next) => next();
const ping: MiddlewareFunction = (_request, response) => json(ack(), response);

const app = createApplication();
app.pipe(passThrough);
app.get('/ping', ping);

const running = await app.run({ port: 0, hostname: HOST, handleSignals: false });
announce(running.port);
