import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "the talk's speakers are embedded as whole resources",
  mistake:
    "embeds each of the talk's speakers as their id and name only: a client must fetch every speaker for the rest",
  edits: [
    {
      file: 'src/talk/TalkEntityHandler.ts',
      find: 'new HalResource({ ...speaker }, ',
      replace: 'new HalResource({ id: speaker.id, name: speaker.name }, ',
    },
  ],
  hint: 2,
} satisfies LessonMutant;
