// The setup of every check file (cli/vitest.checks.config.ts): the checks' requests
// (send(), exchange.ts) go to the target's application, or to WORKSHOP_URL's server.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { checkStarted, forgetPrerequisites } from './prerequisite.ts';
import { closeTargetApps, removeStaleLocalConfigs } from './target.ts';
import { forgetCrash } from './thrown.ts';

// The applications the checks build trace each request (HYPERPIPE_TRACE, read when one is
// built; servers the checks start inherit it): a failure report shows the answer's way
// through the learner's pipeline, read from its Server-Timing header.
process.env.HYPERPIPE_TRACE = '1';

// A project that opens the catalogue file itself, rather than the database createApp is
// given, would create and seed data/conference.sqlite in the repository while checks run.
// It gets a file of its own here (CONFERENCE_DB, this worker's copy of the environment, which
// servers the checks start inherit); the checks catch the mistake by what it answers.
const scratch = mkdtempSync(join(tmpdir(), 'hyperpipe-check-catalogue-'));
process.env.CONFERENCE_DB = join(scratch, 'conference.sqlite');

beforeAll(async () => {
  // A run killed earlier (Ctrl-C) may have left its check-<pid>.local.json behind.
  await removeStaleLocalConfigs();
  forgetPrerequisites();
});

beforeEach((context) => {
  // A crash is shown in the failures of the check that met it, not in those of the next.
  forgetCrash();
  checkStarted(context);
});

afterAll(async () => {
  closeTargetApps();
  await rm(scratch, { recursive: true, force: true });
});
