/**
 * `hyperpipe/middleware`: what the pipeline throws when something given as middleware is
 * not middleware. Middleware itself (its types, `errorMiddleware`) comes from `hyperpipe`.
 *
 * @packageDocumentation
 */

export { InvalidMiddlewareError } from './InvalidMiddlewareError.ts';
