import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'every field of the talk, a `self` link, or the `404` problem `Entity not found.`',
  mistake: 'gives the talk entity its id, title and day only, dropping its abstract and start time',
  edits: [
    {
      file: 'src/talk/TalkEntityHandler.ts',
      find: `const resource = new HalResource({ ...talk }, \`\${base}/talk/\${talk.id}\`)`,
      replace: `const resource = new HalResource(\n      { id: talk.id, title: talk.title, day: talk.day },\n      \`\${base}/talk/\${talk.id}\`,\n    )`,
    },
  ],
  hint: 4,
} satisfies LessonMutant;
