// TODO: the routes, as data. Each route is
//   { path, middleware: '<service name>', allowed_methods: ['GET'], options?, name? }
// List GET /, GET /ping and POST /post, then GET /hello/{name}, whose {name} matches
// letters only: options: { tokens: { name: '<a regular expression>' } }.
export default {
  routes: [],
};
