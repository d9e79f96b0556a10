import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'a url of 255 accepted, 256 refused',
  mistake: 'limits the url to 256 characters, one past the table: a url of 256 is stored',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/speakerInput.ts',
      find: ".max(255, 'The url must be at most 255 characters')",
      replace: ".max(256, 'The url must be at most 255 characters')",
    },
  ],
  hint: 10,
} satisfies LessonMutant;
