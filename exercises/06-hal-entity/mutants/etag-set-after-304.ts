import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'The 304 carries the same `ETag`: `empty(304, response)` sends what was set on `response`.',
  mistake:
    'sets the ETag header after answering the 304, so only the 200 carries it and a 304 leaves the client unsure which version it confirms',
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: "    response.setHeader('etag', tag);\n",
      replace: '',
    },
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: '    return json(resource, response, HAL_MEDIA_TYPE);',
      replace:
        "    response.setHeader('etag', tag);\n    return json(resource, response, HAL_MEDIA_TYPE);",
    },
  ],
  hint: 11,
} satisfies LessonMutant;
