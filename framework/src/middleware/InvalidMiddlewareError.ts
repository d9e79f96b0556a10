/**
 * Raised when something given as middleware cannot be invoked: a value of the wrong
 * shape at registration, or a lazily loaded service that turns out not to be middleware.
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
