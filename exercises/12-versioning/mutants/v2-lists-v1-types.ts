import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "version 2's lists hold `application/vnd.conference.v2+json` and no v1 type",
  mistake:
    "keeps step 11's fixed vendor type in the helper, so every version lists only the v1 type",
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of the solution's template
      find: 'function inVersion(version: number) {\n  const vendor = `application/vnd.conference.v${version}+json`;',
      replace:
        "function inVersion(_version: number) {\n  const vendor = 'application/vnd.conference.v1+json';",
    },
  ],
  hint: 7,
} satisfies LessonMutant;
