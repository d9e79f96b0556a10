/**
 * `hyperpipe/problem`: errors as API Problems (RFC 7807, `application/problem+json`). Throw
 * an {@link ApiProblem}, or a {@link validationProblem} for invalid input; the
 * {@link ProblemMiddleware}, piped as error middleware, renders it, and
 * {@link NotFoundProblemMiddleware} answers what no route matched with a 404 problem.
 *
 * @packageDocumentation
 */

export { ApiProblem, type ApiProblemOptions, PROBLEM_MEDIA_TYPE } from './ApiProblem.ts';
export { NotFoundProblemMiddleware } from './NotFoundProblemMiddleware.ts';
export { ProblemMiddleware, type ProblemMiddlewareOptions } from './ProblemMiddleware.ts';
export { type ValidationMessages, validationProblem } from './validationProblem.ts';
