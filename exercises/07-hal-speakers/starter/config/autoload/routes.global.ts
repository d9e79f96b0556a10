import { ContentNegotiation } from 'hyperpipe/negotiation';

// Routes as data. Each names its middleware by service, so the container creates a
// handler only when its route first matches.
export default {
  routes: [
    // TODO: GET / answers HAL clients with the API root, and greets everyone else as before.
    // HomeHandler (given) greets, and hands a client that asks for HAL on down the route's
    // middleware: the ApiRoot service (given in dependencies.global.ts) must come next
    // (README, "One URL, two answers"; hint 4).
    { path: '/', middleware: 'HomeHandler', allowed_methods: ['GET'], name: 'home' },
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
    // TODO: GET /speaker, named 'speakers', answered by the SpeakerCollectionHandler service
    // that dependencies.global.ts (given) makes; GET only (README, "What to do" 2; hint 6).
    {
      path: '/speaker/{speaker_id}',
      middleware: 'SpeakerEntityHandler',
      allowed_methods: ['GET'],
      // Ids are positive integers: /speaker/abc or /speaker/0 is no route, so a 404 problem.
      options: { tokens: { speaker_id: '[1-9]\\d{0,14}' } },
      name: 'speaker',
    },
  ],
};
