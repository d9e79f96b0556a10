import { ContentNegotiation } from 'hyperpipe/negotiation';

// The time zone RPC service. Other methods than GET and POST answer a 405 problem.
export default {
  routes: [
    {
      path: '/timezone',
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
