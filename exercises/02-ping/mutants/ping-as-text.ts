import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`json(data, response)` serialises the data and sets `Content-Type: application/json`.',
  mistake: 'serialises the ping by hand and answers it with text(), so it goes out as text/plain',
  edits: [
    {
      file: 'src/app.ts',
      find: "app.get('/ping', () => json({ ack: Math.floor(Date.now() / 1000) }));",
      replace:
        "app.get('/ping', (_request, response) =>\n    text(JSON.stringify({ ack: Math.floor(Date.now() / 1000) }), response),\n  );",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
