import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`_embedded` holds whole resources, not ids:',
  mistake: "lists the talk's speaker ids in a field of the talk instead of embedding the speakers",
  edits: [
    {
      file: 'src/talk/TalkEntityHandler.ts',
      find: `    const resource = new HalResource({ ...talk }, \`\${base}/talk/\${talk.id}\`)`,
      replace: `    const ids = speakers.map((speaker) => speaker.id);
    const resource = new HalResource({ ...talk, speakers: ids }, \`\${base}/talk/\${talk.id}\`)`,
    },
    {
      file: 'src/talk/TalkEntityHandler.ts',
      find: `      )
      .embed('speakers', embedded);
`,
      replace: `      );
`,
    },
    {
      file: 'src/talk/TalkEntityHandler.ts',
      find: `    const embedded = speakers.map((speaker) =>
      new HalResource({ ...speaker }, \`\${base}/speaker/\${speaker.id}\`).setLinks(
        'talks',
        (talkIds.get(speaker.id) ?? []).map((id) => \`\${base}/talk/\${id}\`),
      ),
    );
`,
      replace: '',
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
