import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "take the origin from `container.get('config')` — the merged configuration — rather than from a constant",
  mistake: "writes the origin '*' into the middleware instead of reading cors.allow_origin",
  edits: [
    {
      file: 'src/middleware/cors.ts',
      find: "response.headers.set('access-control-allow-origin', origin);",
      replace: "response.headers.set('access-control-allow-origin', '*');",
    },
  ],
  hint: 13,
} satisfies LessonMutant;
