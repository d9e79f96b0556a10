import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`POST /post` | `200`, plain text (any)',
  mistake: 'writes the body to the response prototype without setting its content type',
  edits: [
    {
      file: 'src/app.ts',
      find: "    response.headers.set('content-type', 'text/plain; charset=utf-8');\n",
      replace: '',
    },
  ],
  hint: 6,
} satisfies LessonMutant;
