import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'and each of them links to each of their talks under `talks`, as a speaker does wherever it appears.',
  mistake: "links the talk to its speakers, but embeds the speakers without their talks' links",
  edits: [
    {
      file: 'src/talk/TalkEntityHandler.ts',
      find: `    const embedded = speakers.map((speaker) =>
      new HalResource({ ...speaker }, \`\${base}/speaker/\${speaker.id}\`).setLinks(
        'talks',
        (talkIds.get(speaker.id) ?? []).map((id) => \`\${base}/talk/\${id}\`),
      ),
    );`,
      replace: `    const embedded = speakers.map(
      (speaker) => new HalResource({ ...speaker }, \`\${base}/speaker/\${speaker.id}\`),
    );`,
    },
    {
      file: 'src/talk/TalkEntityHandler.ts',
      find: `    // The talks of all these speakers in one query: each embedded speaker links to their own.
    const talkIds = this.catalogue.talks.talkIdsOf(speakers.map((speaker) => speaker.id));
`,
      replace: '',
    },
  ],
  hint: 2,
} satisfies LessonMutant;
