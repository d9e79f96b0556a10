import type { ServiceManager } from 'hyperpipe';
import { createConferenceApp } from './createConferenceApp.ts';
import type { Catalogue } from './database/Catalogue.ts';

// `npm run serve`: the finished conference API on http://localhost:8800 (PORT overrides).
// Not 8080, the port of a learner's own server and of every step's curl lines: a learner who
// types `npm run serve` must not see right answers there whatever their own code does.
const REFERENCE_PORT = 8800;

console.log(
  "This is the finished reference API (conference/), not your step's code: it answers right whatever your code does. To serve your own step: npm run workshop -- serve (http://localhost:8080).",
);
const app = await createConferenceApp();
// createConferenceApp builds the application from a container, so there is one.
const container = app.container as ServiceManager;
// The container builds services on first use. Building authentication now makes a mistake in
// its configuration (a missing password file, a shared store without a Digest key) stop the
// server here, saying why, rather than answer 500 to every request.
try {
  container.get('AuthenticationMiddleware');
} catch (error) {
  console.error(`[conference] cannot start: ${(error as Error).message}`);
  if (process.env.CONFERENCE_REDIS_URL && !process.env.CONFERENCE_DIGEST_KEY) {
    console.error(
      '[conference] CONFERENCE_REDIS_URL needs CONFERENCE_DIGEST_KEY beside it, the same on every machine, e.g. CONFERENCE_DIGEST_KEY=$(openssl rand -hex 32)',
    );
  }
  process.exit(1);
}
const catalogue = container.get('Catalogue') as Catalogue;
try {
  // Opening now creates and seeds a missing database file before the first request.
  catalogue.open();
} catch (error) {
  console.error(
    `[conference] ${(error as Error).message}; catalogue requests will answer 500 until it is fixed`,
  );
}
const { url } = await app.run(process.env.PORT === undefined ? { port: REFERENCE_PORT } : {});
console.log(`Conference API on ${url}. Try:
  curl -i -H 'Accept: application/hal+json' ${url}/
  curl -i ${url}/timezone
  curl -i ${url}/speaker
  curl -i ${url}/speaker/1
  curl -i ${url}/talk?page=2
  curl -i -H 'Accept: application/vnd.conference.v2+json' ${url}/speaker/1
  curl -i -X POST -H 'Content-Type: application/json' -d '{"timezone":"Europe/Paris"}' ${url}/timezone
  curl -i -X PATCH -u learner:hyperpipe -H 'Content-Type: application/json' -d '{"name":"Ada"}' ${url}/speaker/1
Open ${url}/ in a browser for the HAL explorer.
Writes need credentials; the demo users are in docs/conference-api.md.
Ctrl-C stops the server.`);
