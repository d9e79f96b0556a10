import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`src/speaker/SpeakerCollectionHandler.ts`: each speaker of the page links to their talks.',
  mistake:
    "leaves the speakers' page as step 07 wrote it: a client walking the pages finds no speaker's talks",
  edits: [
    {
      file: 'src/speaker/SpeakerCollectionHandler.ts',
      find: `      items: items.map((speaker) =>
        new HalResource({ ...speaker }, \`\${base}/speaker/\${speaker.id}\`).setLinks(
          'talks',
          (talkIds.get(speaker.id) ?? []).map((id) => \`\${base}/talk/\${id}\`),
        ),
      ),`,
      replace: `      items: items.map(
        (speaker) => new HalResource({ ...speaker }, \`\${base}/speaker/\${speaker.id}\`),
      ),`,
    },
    {
      file: 'src/speaker/SpeakerCollectionHandler.ts',
      find: `    // The talks of the whole page in one query, not one more query per speaker.
    const talkIds = this.catalogue.talks.talkIdsOf(items.map((speaker) => speaker.id));
`,
      replace: '',
    },
  ],
  hint: 8,
} satisfies LessonMutant;
