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
    // TODO: the whole application answers errors as API problems now. Drop the path of
    // `problems` (and give it the priority of `errors`), remove the JsonErrors entry, and
    // add the NotFoundProblem service at a priority below routing (-50): it answers the
    // requests nothing else answered with a 404 problem.
    // Errors under /timezone become API problems. This runs before JsonErrors (a higher
    // priority), and its path keeps it to the time zone service.
    problems: { path: '/timezone', middleware: 'ProblemMiddleware', error: true, priority: -50 },
    // Error middleware after routing: it sees what routing and the handlers throw.
    errors: { middleware: 'JsonErrors', error: true, priority: -100 },
  },
};
