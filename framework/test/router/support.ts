import { HttpError, type Middleware } from 'hyperpipe';
import { FindMyWayRouter, PatternRouter, type Router } from 'hyperpipe/router';
import { expect } from 'vitest';

/** Both routers, for `describe.each`: every rule of the contract must hold for each. */
export const ROUTERS: readonly (readonly [string, () => Router])[] = [
  ['FindMyWayRouter', () => new FindMyWayRouter()],
  ['PatternRouter', () => new PatternRouter()],
];

/** A distinct middleware, so a test can tell which route matched by its middleware. */
export function handler(label: string): Middleware {
  return () => new Response(label);
}

/** Runs `act` and returns the HttpError it throws; fails the test when it throws nothing else. */
export function httpErrorOf(act: () => unknown): HttpError {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('expected an HttpError, but nothing was thrown');
}
