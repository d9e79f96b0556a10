import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'header `Access-Control-Allow-Origin: *` (from `cors.allow_origin`)',
  mistake:
    'answers with the Origin the request names, falling back on the configured one, so every site is allowed',
  edits: [
    {
      file: 'src/middleware/cors.ts',
      find: "  return (_request, response, next) => {\n    response.headers.set('access-control-allow-origin', origin);",
      replace:
        "  return (request, response, next) => {\n    response.headers.set('access-control-allow-origin', request.headers.get('origin') ?? origin);",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
