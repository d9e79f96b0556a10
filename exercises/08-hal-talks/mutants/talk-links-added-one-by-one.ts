import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`setLinks` makes a list even of one link or none, where `addLink` makes a single link',
  mistake:
    "adds the talk's speakers links one by one with addLink: one speaker is a single link, none is no relation at all",
  edits: [
    {
      file: 'src/talk/TalkEntityHandler.ts',
      find: `    const resource = new HalResource({ ...talk }, \`\${base}/talk/\${talk.id}\`)
      .setLinks(
        'speakers',
        speakers.map((speaker) => \`\${base}/speaker/\${speaker.id}\`),
      )
      .embed('speakers', embedded);`,
      replace: `    const resource = new HalResource({ ...talk }, \`\${base}/talk/\${talk.id}\`);
    for (const speaker of speakers) resource.addLink('speakers', \`\${base}/speaker/\${speaker.id}\`);
    resource.embed('speakers', embedded);`,
    },
  ],
  hint: 2,
} satisfies LessonMutant;
