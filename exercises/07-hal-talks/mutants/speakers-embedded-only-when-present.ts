import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Embed the list even when it is empty: a client then finds `"speakers": []`, not nothing.',
  mistake:
    'embeds the speakers only when the talk has some, so a talk without speakers has no "_embedded" at all',
  edits: [
    {
      file: 'src/talk/TalkEntityHandler.ts',
      find: "    return json(resource.embed('speakers', speakers), response, HAL_MEDIA_TYPE);",
      replace:
        "    if (speakers.length > 0) resource.embed('speakers', speakers);\n    return json(resource, response, HAL_MEDIA_TYPE);",
    },
  ],
  hint: 3,
} satisfies LessonMutant;
