import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'the related resources themselves are embedded in the entity only.',
  mistake:
    "embeds every speaker's talks in the items of the page too, one more query per speaker of the page",
  edits: [
    {
      file: 'src/speaker/SpeakerCollectionHandler.ts',
      find: `        new HalResource({ ...speaker }, \`\${base}/speaker/\${speaker.id}\`).setLinks(
          'talks',
          (talkIds.get(speaker.id) ?? []).map((id) => \`\${base}/talk/\${id}\`),
        ),`,
      replace: `        new HalResource({ ...speaker }, \`\${base}/speaker/\${speaker.id}\`)
          .setLinks(
            'talks',
            (talkIds.get(speaker.id) ?? []).map((id) => \`\${base}/talk/\${id}\`),
          )
          .embed(
            'talks',
            this.catalogue.talks
              .talksOf(speaker.id)
              .map((talk) => new HalResource({ ...talk }, \`\${base}/talk/\${talk.id}\`)),
          ),`,
    },
  ],
  hint: 8,
} satisfies LessonMutant;
