import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'an empty catalogue has a first page with nothing in it',
  mistake:
    'refuses any page past the page count, which is 0 for an empty catalogue: GET /speaker answers 409',
  edits: [
    {
      file: 'src/speaker/SpeakerCollectionHandler.ts',
      find: '    assertPageInRange(page, total, PAGE_SIZE);\n',
      replace:
        "    if (page > Math.ceil(total / PAGE_SIZE)) throw new ApiProblem(409, 'Invalid page provided');\n",
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
