import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`_embedded` holds whole resources, not ids:',
  mistake: "lists the talk's speaker ids in a field of the talk instead of embedding the speakers",
  edits: [
    {
      file: 'src/talk/TalkEntityHandler.ts',
      find: `    const speakers = this.catalogue.speakers
      .speakersOf(talk.id)
      .map((speaker) => new HalResource({ ...speaker }, \`\${base}/speaker/\${speaker.id}\`));
    const resource = new HalResource({ ...talk }, \`\${base}/talk/\${talk.id}\`);
    return json(resource.embed('speakers', speakers), response, HAL_MEDIA_TYPE);`,
      replace: `    const speakers = this.catalogue.speakers.speakersOf(talk.id).map((speaker) => speaker.id);
    const resource = new HalResource({ ...talk, speakers }, \`\${base}/talk/\${talk.id}\`);
    return json(resource, response, HAL_MEDIA_TYPE);`,
    },
  ],
  hint: 3,
} satisfies LessonMutant;
