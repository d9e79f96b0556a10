import { defaultCataloguePath } from '@hyperpipe/catalogue';

// The catalogue file: CONFERENCE_DB if set, else data/conference.sqlite.
// A *.local.ts file can point it elsewhere: { database: { path: '/somewhere/else.sqlite' } }.
export default {
  database: { path: defaultCataloguePath() },
};
