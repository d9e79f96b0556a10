import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "`throw new ApiProblem(404, 'Entity not found.')` is the unknown speaker.",
  mistake:
    'gives the 404 problem a title of its own, "Speaker not found", where the status\'s title belongs',
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: "if (!speaker) throw new ApiProblem(404, 'Entity not found.');",
      replace:
        "if (!speaker) throw new ApiProblem(404, 'Entity not found.', { title: 'Speaker not found' });",
    },
  ],
  hint: 3,
} satisfies LessonMutant;
