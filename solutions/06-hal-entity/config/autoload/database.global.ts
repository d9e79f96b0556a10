import { defaultCataloguePath } from '@hyperpipe/catalogue';
import { busyCatalogueProblem } from '../../src/database/busyCatalogueProblem.ts';
import { storageFailureProblem } from '../../src/database/storageFailureProblem.ts';

// The catalogue file: CONFERENCE_DB if set, else data/conference.sqlite.
// A *.local.ts file can point it elsewhere: { database: { path: '/somewhere/else.sqlite' } }.
export default {
  database: { path: defaultCataloguePath() },
  middleware_pipeline: {
    // A catalogue locked by another writer answers 503 + Retry-After, just before the
    // problem middleware (priority -100) would call it a 500.
    busyCatalogue: { middleware: busyCatalogueProblem, error: true, priority: -90 },
    // A full disk answers 507, a read-only or failing one 503 + Retry-After; reads go on.
    storageFailure: { middleware: storageFailureProblem, error: true, priority: -90 },
  },
};
