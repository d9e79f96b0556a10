import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'the `accept` list is not the `contentTypes` list',
  mistake:
    'predicts that a body of application/hal+json reaches the resource, since HAL is a type the API speaks',
  edits: [
    {
      file: 'src/negotiation/predictions.ts',
      find: 'body: \'{"name": "Ada"}\',\n    },\n    status: 415,\n    type: \'application/problem+json\',',
      replace:
        'body: \'{"name": "Ada"}\',\n    },\n    status: 201,\n    type: \'application/hal+json\',',
    },
  ],
  hint: 5,
} satisfies LessonMutant;
