import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'one speaker, or the 404 problem',
  mistake:
    'reads the speaker’s self link from a field the row does not have, so every GET /speaker/{id} throws a TypeError and answers 500',
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: '    const self = `',
      replace:
        '    const self = (speaker as unknown as { links: { self: string } }).links.self ?? `',
    },
  ],
  hint: 3,
} satisfies LessonMutant;
