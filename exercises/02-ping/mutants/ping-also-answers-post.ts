import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'a list with more methods than the table lists answers those too',
  mistake: 'registers /ping for GET and POST, so POST /ping is answered 200 instead of 405',
  edits: [
    {
      file: 'src/app.ts',
      find: "app.get('/ping', () => json({ ack: Math.floor(Date.now() / 1000) }));",
      replace:
        "app.route('/ping', () => json({ ack: Math.floor(Date.now() / 1000) }), ['GET', 'POST']);",
    },
  ],
  hint: 9,
} satisfies LessonMutant;
