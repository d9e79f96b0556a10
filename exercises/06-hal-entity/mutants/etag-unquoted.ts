import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`entityTag(text)` is a strong tag, a digest of the text',
  mistake:
    'hashes the text itself with node:crypto and sends the digest without the quotes an entity tag has',
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: 'const tag = entityTag(JSON.stringify(resource));',
      replace:
        "const tag = createHash('sha1').update(JSON.stringify(resource)).digest('base64url');",
    },
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: "import { HAL_MEDIA_TYPE, HalResource } from 'hyperpipe/hal';",
      replace:
        "import { createHash } from 'node:crypto';\nimport { HAL_MEDIA_TYPE, HalResource } from 'hyperpipe/hal';",
    },
  ],
  hint: 8,
} satisfies LessonMutant;
