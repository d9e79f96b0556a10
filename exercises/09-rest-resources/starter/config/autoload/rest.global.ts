// The REST resources. registerConfiguredResources (src/app.ts) reads this key and gives
// each entry a collection route at its `path` and an entity route at `path/{identifierName}`,
// both answered by the service named `resource`.
//
// TODO: an entry for each resource, 'Conference.V1.Speaker' at /speaker and
// 'Conference.V1.Talk' at /talk, such that GET answers as the handlers of steps 06 to 08
// did: the same page names and sizes, the same self links, a speaker's talks and a talk's
// speakers embedded, and linked to wherever the speaker or the talk appears, and a 404 for
// an id that is no positive integer. The keys an entry
// takes: ResourceOptions in framework/src/rest/registerResource.ts; the README's
// concepts say which this API needs.
export default {
  rest: {},
};
