import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "The variable's name, `speaker_id`, is part of what the root promises: clients fill it in by name.",
  mistake:
    "names the speaker template's variable {id}, which a client filling in speaker_id leaves empty",
  edits: [
    {
      file: 'src/root/ApiRoot.ts',
      find: `href: \`\${base}/speaker/{speaker_id}\``,
      replace: `href: \`\${base}/speaker/{id}\``,
    },
  ],
  hint: 1,
} satisfies LessonMutant;
