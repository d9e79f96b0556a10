import fc from 'fast-check';
import { Route } from 'hyperpipe';
import type { Router } from 'hyperpipe/router';
import { describe, expect, it } from 'vitest';
import { handler, ROUTERS } from './support.ts';

/**
 * Round trips: a URI generated for a route matches that same route, with exactly the
 * params it was generated from. Routes are random paths of literal text and placeholders;
 * values are any non-empty text, the characters URIs treat specially included.
 */

const NUM_RUNS = 200;

/**
 * Characters of literal route text that a URI carries as they are (unreserved and
 * sub-delimiters, ":" and "@"). "*" is left out: FindMyWayRouter refuses it.
 */
const literalChar = fc.constantFrom(..."abyz0189-._~!$&'(),;=:@".split(''));
const literalText = (minLength: number) =>
  fc.string({ unit: literalChar, minLength, maxLength: 4 });

/** A path segment: literal text, or a placeholder with optional literal text around it. */
type SegmentShape =
  | { readonly literal: string }
  | { readonly prefix: string; readonly suffix: string };

const segmentShape: fc.Arbitrary<SegmentShape> = fc.oneof(
  literalText(1)
    // `:name` is refused as Express's parameter syntax; '.' and '..' are not segments to route.
    .filter((text) => text !== '.' && text !== '..' && !/^:[A-Za-z_]/.test(text))
    .map((literal) => ({ literal })),
  fc.record({ prefix: literalText(0), suffix: literalText(0) }),
);

/** A route path such as `/r0/v{p0}/x/{p1}.json`; the first segment keeps routes apart. */
function pathOf(index: number, shapes: readonly SegmentShape[]): string {
  let params = 0;
  const segments = shapes.map((shape) =>
    'literal' in shape ? shape.literal : `${shape.prefix}{p${params++}}${shape.suffix}`,
  );
  return `/r${index}/${segments.join('/')}`;
}

function placeholdersOf(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name as string);
}

/** Placeholder values: any text but "" (refused), "." and ".." (dot-segments, refused). */
const special = fc.constantFrom(
  ...['/', '%', '%2F', '%25', '?', '#', ' ', '+', '&', '=', ':', '@', '.', '-', '~', '\\'],
  ...['é', 'ß', '日本', '😀', 'e\u0301', '\u00a0', '\t', '\n', '\u2028', '\0'],
);
const paramValue = fc
  .oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
    fc
      .array(fc.oneof(special, fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 3 })), {
        minLength: 1,
        maxLength: 5,
      })
      .map((pieces) => pieces.join('')),
  )
  .filter((value) => value !== '.' && value !== '..');

const methodLists = fc.constantFrom<readonly string[] | undefined>(
  undefined,
  ['GET'],
  ['POST', 'GET'],
);

/** Several routes, one of them the target, with values for the target's placeholders. */
const scenario = fc
  .array(fc.tuple(fc.array(segmentShape, { minLength: 1, maxLength: 4 }), methodLists), {
    minLength: 1,
    maxLength: 4,
  })
  .chain((routes) =>
    fc.nat(routes.length - 1).chain((target) => {
      const paths = routes.map(([shapes], index) => pathOf(index, shapes));
      const names = placeholdersOf(paths[target] as string);
      return fc.record({
        routes: fc.constant(
          routes.map(([, methods], index) => ({ path: paths[index] as string, methods })),
        ),
        target: fc.constant(target),
        params: fc
          .tuple(...names.map(() => paramValue))
          .map((values) =>
            Object.fromEntries(names.map((name, index) => [name, values[index] as string])),
          ),
      });
    }),
  );

describe.each(ROUTERS)('round trips through %s', (_name, makeRouter) => {
  it('matches a generated URI to its route, with exactly the params it was made from', () => {
    fc.assert(
      fc.property(scenario, ({ routes, target, params }) => {
        const router: Router = makeRouter();
        const added = routes.map(({ path, methods }) => new Route(path, handler(path), methods));
        for (const route of added) router.addRoute(route);
        const wanted = added[target] as Route;

        const uri = router.generateUri(wanted.name, params);
        const result = router.match('GET', uri);

        expect(result.route).toBe(wanted);
        expect(result.params).toEqual(params);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  /** Tokens, each with values it accepts. */
  const tokened = fc.oneof(
    fc.record({ token: fc.constant('\\d+'), value: fc.nat().map(String) }),
    fc.record({
      token: fc.constant('[\\p{L} ]+'),
      value: fc.string({
        unit: fc.constantFrom('a', 'Z', 'é', 'ß', 'ж', '日', ' '),
        minLength: 1,
        maxLength: 6,
      }),
    }),
    fc.record({ token: fc.constant('[^/]+'), value: paramValue.filter((v) => !v.includes('/')) }),
    fc.record({ token: fc.constant('[\\s\\S]+'), value: paramValue }),
  );

  it('matches a generated URI to a route with tokens, which judge the decoded value', () => {
    fc.assert(
      fc.property(tokened, fc.constantFrom('/t/{a}', '/t/v{a}.json'), ({ token, value }, path) => {
        const router = makeRouter();
        const route = new Route(path, handler(path), ['GET']);
        router.addRoute(route);
        route.setOptions({ tokens: { a: token } });

        const result = router.match('GET', router.generateUri(route.name, { a: value }));

        expect(result.route).toBe(route);
        expect(result.params).toEqual({ a: value });
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
