import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'The field may be a list of tags (a cache that holds several versions) or `*`, any current version.',
  mistake:
    'reads the list and the weak forms by hand but forgets *, so If-None-Match: * gets the whole speaker',
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: "noneMatchFails(request.headers.get('if-none-match'), tag)",
      replace:
        "(request.headers.get('if-none-match') ?? '')\n        .split(',')\n        .some((listed) => listed.trim().replace(/^W\\//, '') === tag)",
    },
  ],
  hint: 11,
} satisfies LessonMutant;
