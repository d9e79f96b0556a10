// The conference API as the workshop builds it (versioning, routing, authentication,
// authorization, the REST resources, HAL), over an in-memory copy of the seeded catalogue.
import { createInMemoryCatalogue } from '@hyperpipe/catalogue';
import { createConferenceApp } from '@hyperpipe/conference';
import { announce, HOST } from './announce.ts';

const app = await createConferenceApp({
  database: createInMemoryCatalogue(),
  tokenDatabase: ':memory:',
});
const running = await app.run({ port: 0, hostname: HOST, handleSignals: false });
announce(running.port);
