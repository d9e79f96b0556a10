import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "`src/speaker/SpeakerEntityHandler.ts`: embed the speaker's talks.",
  mistake:
    'embeds the speakers in the talk but leaves the speaker entity as step 06 wrote it, without their talks',
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: `    const talks = this.catalogue.talks
      .talksOf(speaker.id)
      .map((talk) => new HalResource({ ...talk }, \`\${base}/talk/\${talk.id}\`));
`,
      replace: '',
    },
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: "return json(resource.embed('talks', talks), response, HAL_MEDIA_TYPE);",
      replace: 'return json(resource, response, HAL_MEDIA_TYPE);',
    },
  ],
  hint: 4,
} satisfies LessonMutant;
