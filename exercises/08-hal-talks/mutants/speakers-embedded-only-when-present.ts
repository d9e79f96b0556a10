import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'embed the list even when it is empty: a client then finds `"speakers": []`, not nothing.',
  mistake:
    'embeds the speakers only when the talk has some, so a talk without speakers has no "_embedded" at all',
  edits: [
    {
      file: 'src/talk/TalkEntityHandler.ts',
      find: `      )
      .embed('speakers', embedded);
`,
      replace: `      );
    if (embedded.length > 0) resource.embed('speakers', embedded);
`,
    },
  ],
  hint: 2,
} satisfies LessonMutant;
