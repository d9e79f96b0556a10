// TODO: a service for each name your routes use, made from the handlers in src/handlers/,
// each of the kind that fits how it is made. HelloHandler greets with the `greeting` of
// the configuration (greeting.global.ts, or a *.local.* file over it).
// README.md: "Services in the container"; the kinds: ServiceConfig in the API reference.
export default {
  dependencies: {},
};
