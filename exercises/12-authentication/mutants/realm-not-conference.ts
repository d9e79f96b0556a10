import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'So the realm of the challenges must be `conference`, or no response can ever match.',
  mistake: "names the realm 'Conference API', which the htdigest file's hashes do not include",
  edits: [
    {
      file: 'config/autoload/authentication.global.ts',
      find: "    realm: 'conference',",
      replace: "    realm: 'Conference API',",
    },
  ],
  hint: 3,
} satisfies LessonMutant;
