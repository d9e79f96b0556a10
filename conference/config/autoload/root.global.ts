import type { Container } from 'hyperpipe';
import { ContentNegotiation } from 'hyperpipe/negotiation';
import type { Router } from 'hyperpipe/router';
import { ApiRoot, type RootLink } from '../../src/root/ApiRoot.ts';

/** The links of a version's root: the version's own resources, and what all versions share. */
function linksOf(version: number, speakers: string, talks: string): Record<string, RootLink> {
  return {
    self: { route: `root.v${version}` },
    speakers: { route: speakers, query: ['page'], title: 'The speakers, 25 a page' },
    speaker: { route: `${speakers}.entity`, title: 'A speaker, by id' },
    talks: { route: talks, query: ['page'], title: 'The talks, 25 a page' },
    talk: { route: `${talks}.entity`, title: 'A talk, by id' },
    timezone: { route: 'timezone', title: 'The time zone service', type: 'application/json' },
    token: { route: 'oauth', title: 'OAuth2 tokens (RFC 6749)' },
    'service-desc': {
      route: 'openapi',
      title: 'The OpenAPI description',
      type: 'application/json',
    },
  };
}

/** A version's root route: browsers get the explorer, HAL and JSON clients the links. */
function rootRoute(version: number) {
  return {
    path: `/v${version}`,
    middleware: [
      'HalExplorer',
      new ContentNegotiation({
        accept: [
          `application/vnd.conference.v${version}+json`,
          'application/hal+json',
          'application/json',
        ],
        preferred: 'application/hal+json',
      }),
      `ApiRoot.V${version}`,
    ],
    allowed_methods: ['GET'],
    name: `root.v${version}`,
  };
}

// The API root. `GET /` is the root of the version asked for (versioning maps it to /v1, or
// to /v2 for Accept: application/vnd.conference.v2+json), so a client needs that one URL.
// Each version's root links to that version's resources only.
export default {
  dependencies: {
    factories: {
      'ApiRoot.V1': (container: Container) =>
        new ApiRoot(container.get('Router') as Router, linksOf(1, 'v1.speaker', 'v1.talk')),
      'ApiRoot.V2': (container: Container) =>
        new ApiRoot(container.get('Router') as Router, linksOf(2, 'v2.speaker', 'v2.talk')),
    },
  },
  routes: [rootRoute(1), rootRoute(2)],
};
