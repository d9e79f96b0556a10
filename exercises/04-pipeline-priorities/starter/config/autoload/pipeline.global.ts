// TODO: the pipeline, as entries keyed by name:
//   { middleware: '<service name>' or a list, path?: '/prefix', error?: true, priority?: n }
// Higher priorities run first (the default is 1). Put, in this order of priority:
//   - the CORS middleware (service Cors), before routing;
//   - the blog (src/blog) mounted under /blog and the API (src/api) under /api;
//   - ApplicationFactory.ROUTING_MIDDLEWARE and ApplicationFactory.DISPATCH_MIDDLEWARE
//     (import ApplicationFactory from 'hyperpipe'), at priority 1;
//   - the JSON error middleware (service JsonErrors, error: true), after routing.
// As long as this is empty, the first route pipes routing and dispatch on its own.
export default {
  middleware_pipeline: {},
};
