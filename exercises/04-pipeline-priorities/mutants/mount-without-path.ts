import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'An entry with a `path` runs only for requests under that literal prefix, and the mounted application sees the path without it.',
  mistake:
    'pipes the blog without a path, so it sees every request, /blog/ included, as it was sent',
  edits: [
    {
      file: 'config/autoload/pipeline.global.ts',
      find: "blog: { path: '/blog', middleware: 'BlogApplication', priority: 10 },",
      replace: "blog: { middleware: 'BlogApplication', priority: 10 },",
    },
  ],
  hint: 9,
} satisfies LessonMutant;
