import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`405`, `Allow: GET,HEAD`, JSON `{ "status": 405, "error": "Method Not Allowed" }`',
  mistake: "answers the HttpError's status but leaves its headers behind, so the 405 has no Allow",
  edits: [
    {
      file: 'src/middleware/jsonErrors.ts',
      find: '  if (error instanceof HttpError) {\n    for (const [name, value] of Object.entries(error.headers)) response.headers.set(name, value);\n  }\n',
      replace: '',
    },
  ],
  hint: 6,
} satisfies LessonMutant;
