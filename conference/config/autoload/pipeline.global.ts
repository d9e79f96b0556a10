import { ApplicationFactory } from 'hyperpipe';

// Higher priorities run first. Versioning must see the request before routing does;
// authentication and authorization sit between routing (which names the resource) and
// dispatch (which would change it); the problem middleware catches every error after it.
export default {
  middleware_pipeline: {
    versioning: { middleware: 'Versioning', priority: 10 },
    routing: {
      middleware: [
        ApplicationFactory.ROUTING_MIDDLEWARE,
        'AuthenticationMiddleware',
        'AuthorizationMiddleware',
        ApplicationFactory.DISPATCH_MIDDLEWARE,
      ],
      priority: 1,
    },
    notFound: { middleware: 'NotFoundProblem', priority: -50 },
    problems: { middleware: 'ProblemMiddleware', error: true, priority: -100 },
  },
};
