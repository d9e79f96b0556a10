import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'The name and the url are stored trimmed, without the white space around them.',
  mistake: 'trims the name but not the url, so " https://ada.example " is stored as it came',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/speakerInput.ts',
      find: "  url: text('url')\n    .trim()\n",
      replace: "  url: text('url')\n",
    },
  ],
  hint: 10,
} satisfies LessonMutant;
