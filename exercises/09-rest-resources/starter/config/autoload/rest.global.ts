/**
 * What every resource shares: its ids and its page size.
 *
 * TODO: the ids of step 06's routes, positive integers without a leading zero, so that
 * /speaker/abc and /speaker/07 are no entity URLs (a 404), and the page size of step 07.
 * The keys: ResourceOptions in framework/src/rest/registerResource.ts.
 */
const shared = {};

// The REST resources. registerConfiguredResources (src/app.ts) reads this key and gives
// each entry a collection route at its `path` and an entity route at `path/{identifierName}`,
// both answered by the service named `resource`.
export default {
  rest: {
    // TODO: the entry 'Conference.V1.Speaker' at /speaker, such that GET answers as the
    // handlers of steps 06 to 08 did: the page under _embedded.speakers, a speaker's talks
    // embedded, and linked to wherever the speaker appears. The talks' entry below is the
    // model; the README's concepts say what each key does.

    // Given: the talks' entry. It is the speakers' entry over again with other names, so
    // it is written for you to read; the speakers' is yours.
    'Conference.V1.Talk': {
      ...shared,
      path: '/talk',
      // The service that answers, made in dependencies.global.ts.
      resource: 'Conference.V1.Talk',
      // The kind of entity: self links are built for it, and other entries' `embedded`
      // and `linked` name it (not the entry's name).
      entity: 'Talk',
      identifierName: 'talk_id',
      // The key of a page under _embedded (the default is the path's last segment).
      collectionName: 'talks',
      // The field `speakers` of a talk: embedded in the entity as _embedded.speakers, and
      // a link to each speaker wherever the talk appears.
      embedded: { speakers: 'Speaker' },
      linked: { speakers: 'Speaker' },
    },
  },
};
