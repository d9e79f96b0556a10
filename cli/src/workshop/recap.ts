import type { Step } from './manifest.ts';

/** What the learner reads once the last step passes: what they built, and where to go next. */
export function recap(steps: readonly Step[]): string {
  return [
    'Every step passes: well done! What you built, step by step:',
    ...steps.map((step) => `  ${step.number}  ${step.title}`),
    '',
    'Where to go next:',
    '  conference/           the whole conference API in one project: npm run serve (port 8800)',
    '  docs/rest.md          the REST conventions (HAL, problems, negotiation, versions) in depth',
    '  docs/authentication.md  the schemes, who may do what, lockouts and limits',
    '  docs/framework.md     how Hyperpipe works; framework/src reads in one sitting',
    '  docs/conference-api.md  the API you built, endpoint by endpoint',
  ].join('\n');
}
