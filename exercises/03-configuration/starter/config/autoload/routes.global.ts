// TODO: the routes, as data: GET /, GET /ping and POST /post as in step 02 (src/app.ts),
// and GET /hello/{name}, whose {name} is letters only. Each route names the methods it
// answers, and its middleware by service name (the services come from
// dependencies.global.ts). README.md: "Routes as data" and "Middleware by name, made
// when first used"; the fields: RouteConfig in the API reference.
export default {
  routes: [],
};
