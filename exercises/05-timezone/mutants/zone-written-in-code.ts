import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "The zone is the one the server's process runs in, as `Intl` reports it, never a name written in the code",
  mistake: "answers GET /timezone with 'Europe/Paris', the zone of the README's example",
  edits: [
    {
      file: 'src/timezone/TimezoneHandler.ts',
      find: 'return json({ timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }, response);',
      replace: "return json({ timezone: 'Europe/Paris' }, response);",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
