/**
 * `hyperpipe/middleware`: what the pipeline throws when something given as middleware is
 * not middleware, and the options of a pipeline entry (`app.pipe()`'s priority and error
 * flag). Middleware itself (its types, `errorMiddleware`) comes from `hyperpipe`.
 *
 * @packageDocumentation
 */

export { InvalidMiddlewareError } from './InvalidMiddlewareError.ts';
export type { ApplicationPipeOptions } from './Middleware.ts';
