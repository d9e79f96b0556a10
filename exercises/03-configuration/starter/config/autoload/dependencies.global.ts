// TODO: the services the routes name, in the container's three kinds:
//   services:   ready-made values, such as the postHandler function
//   invokables: classes created with `new` and no arguments (HomeHandler, PingHandler)
//   factories:  functions (container) => service, for what needs something from the
//               container: HelloHandler needs the `greeting` of the configuration
export default {
  dependencies: {},
};
