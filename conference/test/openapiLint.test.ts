import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { createTestConference } from './support/conference.ts';

// The origins the document is asked for at: a deployed API's public name, and the names the
// guide and the tests serve it at. Its `servers` names the origin a request reached, or,
// from a loopback name, the server relative to the document: Redocly warns about `localhost`.
const ORIGINS = [
  'https://conference.hyperpipe.test',
  'http://localhost:8800',
  'http://127.0.0.1:8800',
];

// Redocly's `recommended` rules, as `npx @redocly/cli lint` applies them, on the document the
// API serves: no error, no warning.
describe('the OpenAPI document under Redocly lint (recommended rules)', () => {
  it.each(ORIGINS)('as served at %s has no errors and no warnings', async (origin) => {
    const { app } = await createTestConference();
    const url = `${origin}/openapi.json`;
    const source = await (await app.handle(new Request(url))).text();
    const problems = await lintFromString({
      source,
      absoluteRef: url,
      config: await createConfig({ extends: ['recommended'] }),
    });
    const described = problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`,
    );
    expect(described).toEqual([]);
  });
});
