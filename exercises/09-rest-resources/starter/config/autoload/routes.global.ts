import { ContentNegotiation } from 'hyperpipe/negotiation';

// Routes as data. Each names its middleware by service, so the container creates a
// handler only when its route first matches.
export default {
  routes: [
    {
      path: '/',
      // One URL, two answers: HomeHandler greets people and hands HAL clients on to the
      // API root.
      middleware: ['HomeHandler', 'ApiRoot'],
      allowed_methods: ['GET'],
      name: 'home',
    },
    { path: '/ping', middleware: 'PingHandler', allowed_methods: ['GET'], name: 'ping' },
    { path: '/post', middleware: 'PostHandler', allowed_methods: ['POST'], name: 'post' },
    {
      path: '/hello/{name}',
      middleware: 'HelloHandler',
      allowed_methods: ['GET'],
      // A token restricts what the placeholder matches: /hello/Ada42 is not this route.
      options: { tokens: { name: '[A-Za-z]+' } },
      name: 'hello',
    },
    {
      path: '/timezone',
      // A list is a small pipeline: negotiation parses the body, then the handler answers.
      middleware: [
        new ContentNegotiation({
          accept: ['application/json'],
          contentTypes: ['application/json', 'application/x-www-form-urlencoded'],
        }),
        'TimezoneHandler',
      ],
      allowed_methods: ['GET', 'POST'],
      name: 'timezone',
    },
  ],
};
