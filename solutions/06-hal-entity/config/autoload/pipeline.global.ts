import { ApplicationFactory } from 'hyperpipe';

// Higher priorities run first; equal ones in the order listed. The keys only name the
// entries, so a *.local.* file can override one of them (its priority, say): lists from
// several files append, so an order that matters is expressed with priority.
export default {
  middleware_pipeline: {
    // Before everything else, so that every answer carries the CORS header.
    cors: { middleware: 'Cors', priority: 100 },
    // Applications mounted under a prefix: they see /blog/x as /x.
    blog: { path: '/blog', middleware: 'BlogApplication', priority: 10 },
    api: { path: '/api', middleware: 'ApiApplication', priority: 10 },
    // With a pipeline configured, routing and dispatch go where the configuration says.
    routing: {
      middleware: [ApplicationFactory.ROUTING_MIDDLEWARE, ApplicationFactory.DISPATCH_MIDDLEWARE],
      priority: 1,
    },
    // Reached only when nothing answered: an unknown path is a 404 problem.
    notFound: { middleware: 'NotFoundProblem', priority: -50 },
    // Every error of the whole application becomes an API problem: the unknown speaker's
    // 404, the router's 405, the time zone's 422.
    problems: { middleware: 'ProblemMiddleware', error: true, priority: -100 },
  },
};
