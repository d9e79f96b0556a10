import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`linked` makes a relation of links out of a field, one link per related entity',
  mistake:
    "leaves `linked` out of the speaker's entry: the talks are embedded in the entity, but no speaker links to them",
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: "      linked: { talks: 'Talk' },\n",
      replace: '',
    },
  ],
  hint: 13,
} satisfies LessonMutant;
