import { ContentNegotiation } from 'hyperpipe/negotiation';

// The time zone RPC service. Other methods than GET and POST answer a 405 problem.
export default {
  routes: [
    {
      path: '/timezone',
      middleware: [
        new ContentNegotiation({
          // One JSON document in every version: a client that accepts only its version's
          // vendor type gets it in that type.
          accept: [
            'application/json',
            'application/vnd.conference.v1+json',
            'application/vnd.conference.v2+json',
          ],
          contentTypes: ['application/json', 'application/x-www-form-urlencoded'],
        }),
        'TimezoneHandler',
      ],
      allowed_methods: ['GET', 'POST'],
      name: 'timezone',
    },
  ],
};
