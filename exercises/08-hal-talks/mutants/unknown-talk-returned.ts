import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`GET /talk/99999`     | `404` problem, `detail: "Entity not found."`',
  mistake: 'returns a plain JSON 404 for an unknown talk instead of throwing the problem',
  edits: [
    {
      file: 'src/talk/TalkEntityHandler.ts',
      find: "if (!talk) throw new ApiProblem(404, 'Entity not found.');",
      replace: "if (!talk) return json({ error: 'Entity not found.' }, { status: 404 });",
    },
    {
      file: 'src/talk/TalkEntityHandler.ts',
      find: "import { ApiProblem } from 'hyperpipe/problem';\n",
      replace: '',
    },
  ],
  hint: 4,
} satisfies LessonMutant;
