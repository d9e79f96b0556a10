import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'page 1 of an empty catalogue is no page past the last',
  mistake:
    'refuses pages past the last with a check of its own, page > page count, so an empty catalogue answers GET /speaker with a 409',
  edits: [
    {
      file: 'src/speaker/SpeakerCollectionHandler.ts',
      find: '    assertPageInRange(page, total, PAGE_SIZE);\n',
      replace:
        "    if (page > Math.ceil(total / PAGE_SIZE)) throw new ApiProblem(409, 'Invalid page provided');\n",
    },
    {
      file: 'src/speaker/SpeakerCollectionHandler.ts',
      find: '  assertPageInRange,\n',
      replace: '',
    },
    {
      file: 'src/speaker/SpeakerCollectionHandler.ts',
      find: "import type { Catalogue } from '../database/Catalogue.ts';",
      replace:
        "import { ApiProblem } from 'hyperpipe/problem';\nimport type { Catalogue } from '../database/Catalogue.ts';",
    },
  ],
  hint: 8,
} satisfies LessonMutant;
