// TODO: the pipeline, as entries keyed by name, each with the priority that puts it in
// its place: the CORS middleware (service Cors), whose header every answer must carry;
// the blog (src/blog) mounted under /blog and the API (src/api) under /api; routing and
// dispatch; and the JSON error middleware (service JsonErrors), which answers what the
// others throw. README.md: "The pipeline", "Priority rules" and "Configuring it".
// As long as this is empty, the first route pipes routing and dispatch on its own.
export default {
  middleware_pipeline: {},
};
