import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`application/hal+json` stays the default: a client that sends no `Accept`, or `*/*`, gets HAL, never the vendor type.',
  mistake: 'replaces HAL by the vendor type in accept, which makes the vendor type the default',
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: 'accept: [vendor, hal, json],',
      replace: 'accept: [vendor, json],',
    },
  ],
  hint: 1,
} satisfies LessonMutant;
