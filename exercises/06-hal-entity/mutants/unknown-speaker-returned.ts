import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "`throw new ApiProblem(404, 'Entity not found.')` is the unknown speaker.",
  mistake: 'returns a plain JSON 404 for an unknown speaker instead of throwing the problem',
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: "if (!speaker) throw new ApiProblem(404, 'Entity not found.');",
      replace: "if (!speaker) return json({ error: 'Entity not found.' }, { status: 404 });",
    },
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: "import { ApiProblem } from 'hyperpipe/problem';\n",
      replace: '',
    },
  ],
  hint: 3,
} satisfies LessonMutant;
