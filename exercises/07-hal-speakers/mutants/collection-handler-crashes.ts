import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'the page of speakers',
  mistake:
    'reads the base URL from request.baseUrl, as Express names it, a property this request does not have: every GET /speaker throws a TypeError and answers 500',
  edits: [
    {
      file: 'src/speaker/SpeakerCollectionHandler.ts',
      find: `    const base = \`\${request.url.origin}\${request.basePath}\`;`,
      replace:
        '    const base = (request as unknown as { baseUrl: { href: string } }).baseUrl.href;',
    },
  ],
  hint: 8,
} satisfies LessonMutant;
