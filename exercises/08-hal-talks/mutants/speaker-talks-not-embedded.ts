import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "`src/speaker/SpeakerEntityHandler.ts`: link to the speaker's talks and embed them.",
  mistake: 'links the speaker to their talks but leaves them out of "_embedded"',
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: `      )
      .embed('talks', embedded);`,
      replace: '      );',
    },
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: `    const embedded = talks.map((talk) =>
      new HalResource({ ...talk }, \`\${base}/talk/\${talk.id}\`).setLinks(
        'speakers',
        (speakerIds.get(talk.id) ?? []).map((id) => \`\${base}/speaker/\${id}\`),
      ),
    );
`,
      replace: '',
    },
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: `    // The speakers of all these talks in one query: each embedded talk links to its own.
    const speakerIds = this.catalogue.speakers.speakerIdsOf(talks.map((talk) => talk.id));
`,
      replace: '',
    },
  ],
  hint: 5,
} satisfies LessonMutant;
