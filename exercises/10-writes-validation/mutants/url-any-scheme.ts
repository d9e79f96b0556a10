import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`url` at most 255 and an http(s) URL',
  mistake:
    'checks the length of url only: {"url":"javascript:alert(1)"} is stored, and a page that links it runs the script',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/speakerInput.ts',
      find: `    .refine(isHttpUrl, {
      message: 'The url must be an http or https URL',
      params: { rule: 'httpUrl' },
    })
`,
      replace: '',
    },
  ],
  hint: 10,
} satisfies LessonMutant;
