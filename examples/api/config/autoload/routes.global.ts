// Routes as data: the ApplicationFactory reads them and fetches each handler lazily.
export default {
  routes: [
    { path: '/ping', middleware: 'PingHandler', allowed_methods: ['GET'], name: 'api.ping' },
    {
      path: '/echo/{word}',
      middleware: 'EchoHandler',
      allowed_methods: ['GET'],
      options: { tokens: { word: '[a-z]+' } },
      name: 'api.echo',
    },
  ],
};
