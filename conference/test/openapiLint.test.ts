import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { createTestConference } from './support/conference.ts';

// The origin the document is asked for at. Its `servers` names the origin a request reached,
// and Redocly warns about a localhost server: a public name lints the document as a
// deployed API serves it.
const URL = 'https://conference.hyperpipe.test/openapi.json';

// Redocly's `recommended` rules, as `npx @redocly/cli lint` applies them, on the document the
// API serves. Errors fail the test; warnings are printed, so that a new one shows.
describe('the OpenAPI document under Redocly lint (recommended rules)', () => {
  it('has no errors', async () => {
    const { app } = await createTestConference();
    const source = await (await app.handle(new Request(URL))).text();
    const problems = await lintFromString({
      source,
      absoluteRef: URL,
      config: await createConfig({ extends: ['recommended'] }),
    });
    const described = problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`,
    );
    const warnings = described.filter((line) => line.startsWith('warn'));
    console.log(`Redocly lint: ${warnings.length} warning(s)${['', ...warnings].join('\n  ')}`);
    expect(described.filter((line) => line.startsWith('error'))).toEqual([]);
  });
});
