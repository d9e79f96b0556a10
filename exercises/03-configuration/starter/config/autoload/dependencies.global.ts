// TODO: the services the routes name, made from the handlers in src/handlers/.
// HelloHandler needs the `greeting` of the configuration (greeting.global.ts).
// README.md: "The container" describes the kinds of entries.
export default {
  dependencies: {},
};
