import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "the items of `GET /talk` are the talks' own fields; the relations come with the entity.",
  mistake:
    "embeds every talk's speakers in the items of the collection too, one more query per talk of the page",
  edits: [
    {
      file: 'src/talk/TalkCollectionHandler.ts',
      find: `items: items.map((talk) => new HalResource({ ...talk }, \`\${base}/talk/\${talk.id}\`)),`,
      replace: `items: items.map((talk) =>
        new HalResource({ ...talk }, \`\${base}/talk/\${talk.id}\`).embed(
          'speakers',
          this.catalogue.speakers
            .speakersOf(talk.id)
            .map((speaker) => new HalResource({ ...speaker }, \`\${base}/speaker/\${speaker.id}\`)),
        ),
      ),`,
    },
  ],
  hint: 5,
} satisfies LessonMutant;
