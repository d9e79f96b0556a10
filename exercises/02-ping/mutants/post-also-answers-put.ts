import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'with `Allow` listing exactly the methods of that path',
  mistake:
    'registers /post with app.route for POST and PUT, so PUT /post is answered 200 and Allow says POST,PUT',
  edits: [
    {
      file: 'src/app.ts',
      find: "app.post('/post', (_request, response) => {",
      replace: "app.route('/post', (_request, response) => {",
    },
    {
      file: 'src/app.ts',
      find: "    return response.write('IN POST!').toResponse();\n  });",
      replace: "    return response.write('IN POST!').toResponse();\n  }, ['POST', 'PUT']);",
    },
  ],
  hint: 9,
} satisfies LessonMutant;
