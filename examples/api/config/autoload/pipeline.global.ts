import { ApplicationFactory } from 'hyperpipe';

// Keys only name the entries, so that a *.local.ts file can override one (its priority, say).
export default {
  middleware_pipeline: {
    poweredBy: { middleware: 'PoweredBy', priority: 10 },
    routing: {
      middleware: [ApplicationFactory.ROUTING_MIDDLEWARE, ApplicationFactory.DISPATCH_MIDDLEWARE],
      priority: 1,
    },
    errors: { middleware: 'JsonErrors', error: true, priority: -10 },
  },
};
