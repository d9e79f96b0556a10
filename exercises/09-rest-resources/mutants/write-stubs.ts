import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Leave `PUT`, `PATCH`, `DELETE` and `POST` out of the resources',
  mistake:
    'adds a delete to SpeakerResource for step 10 that answers false for now: DELETE becomes a 404, and Allow lists it',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: '  /** A speaker as an entity: their fields and their talks, to embed and link. */',
      replace: `  override delete(_id: string): boolean {
    return false; // step 10
  }

  /** A speaker as an entity: their fields and their talks, to embed and link. */`,
    },
  ],
  hint: 10,
} satisfies LessonMutant;
