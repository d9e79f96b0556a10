import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'every resource carries its links wherever it appears: alone, as an item of a page, or embedded in another.',
  mistake:
    "embeds the speaker's talks with their self links only, so a client reading them finds no speakers",
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: `    const embedded = talks.map((talk) =>
      new HalResource({ ...talk }, \`\${base}/talk/\${talk.id}\`).setLinks(
        'speakers',
        (speakerIds.get(talk.id) ?? []).map((id) => \`\${base}/speaker/\${id}\`),
      ),
    );`,
      replace: `    const embedded = talks.map(
      (talk) => new HalResource({ ...talk }, \`\${base}/talk/\${talk.id}\`),
    );`,
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
