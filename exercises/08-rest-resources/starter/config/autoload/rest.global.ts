// The REST resources. registerConfiguredResources (src/app.ts) reads this key and gives
// each entry a collection route at its `path` and an entity route at `path/{identifierName}`,
// both answered by the service named `resource`.
//
// TODO: two entries, 'Conference.V1.Speaker' and 'Conference.V1.Talk', each with:
// - path: '/speaker' (or '/talk'), resource: the service name (the entry's name),
// - entity: 'Speaker' (or 'Talk'), the name self links and `embedded` refer to,
// - identifierName: 'speaker_id' (or 'talk_id'), collectionName: 'speakers' (or 'talks'),
// - embedded: { talks: 'Talk' } for speakers, { speakers: 'Speaker' } for talks,
// - identifierPattern: '[1-9]\\d{0,14}' (ids are positive integers) and pageSize: 25.
export default {
  rest: {},
};
