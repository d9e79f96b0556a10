/**
 * Raised when something given as middleware cannot be invoked: a value of the wrong
 * shape at registration, or a lazily loaded service that turns out not to be middleware.
 *
 * @example
 * ```ts
 * try {
 *   createApplication().pipe(42 as unknown as Middleware);
 * } catch (error) {
 *   console.log(error instanceof InvalidMiddlewareError);
 *   // true: "The number 42 is not middleware. …"
 * }
 * ```
 * @category Pipeline
 */
export class InvalidMiddlewareError extends Error {
  /**
   * Creates the InvalidMiddlewareError.
   * @param message - what was given, and what middleware must look like
   */
  constructor(message: string) {
    super(message);
    this.name = 'InvalidMiddlewareError';
  }
}
