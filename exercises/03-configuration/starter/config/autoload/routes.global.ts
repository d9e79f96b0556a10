// TODO: the routes, as data: GET /, GET /ping and POST /post as in step 02, and
// GET /hello/{name}, whose {name} is letters only. Each route names the methods it
// answers, and its middleware by service name (the services come from
// dependencies.global.ts). README.md: "Routes as data".
export default {
  routes: [],
};
