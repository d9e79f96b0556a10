import type { ZodContentObject } from '@asteasolutions/zod-to-openapi';
import type { Route } from 'hyperpipe';
import { HAL_MEDIA_TYPE } from 'hyperpipe/hal';
import { z } from 'zod';
import { VARY } from './conditionalRequests.ts';
import { link } from './hal.ts';
import { problemResponse } from './problems.ts';
import type { RpcOperation } from './rpcOperations.ts';

/** A link whose `href` is a URI template (RFC 6570) the client fills in. */
const templatedLink = link
  .extend({ templated: z.literal(true) })
  .meta({ id: 'TemplatedLink', description: 'A HAL link to a URI template (RFC 6570).' });

/** The API root: a link to everything a client starts from, by relation. */
export const apiRoot = z
  .strictObject({
    _links: z.strictObject({
      self: link,
      speakers: templatedLink,
      speaker: templatedLink,
      talks: templatedLink,
      talk: templatedLink,
      timezone: link,
      token: link,
      'service-desc': link,
    }),
  })
  .meta({
    id: 'ApiRoot',
    description: `Where a client starts. \`speakers\` and \`talks\` lead to pages of the collections
(\`{?page}\`: fill in a page, or leave it out for the first); \`speaker\` and \`talk\` to one
entity (\`{speaker_id}\`, \`{talk_id}\`); \`timezone\` to the time zone service; \`token\` to the
OAuth2 token endpoint (RFC 6749); \`service-desc\` to this document (RFC 8631). Version 2's root
leads to version 2's speakers; both lead to the same talks.`,
  });

const ROOT_ROUTE = /^root\.v(\d+)$/;

/** The version of an API root route, by its name (`root.v2`); `undefined` for other routes. */
export function rootVersionOf(route: Route): number | undefined {
  const version = ROOT_ROUTE.exec(route.name)?.[1];
  return version === undefined ? undefined : Number(version);
}

/**
 * `GET /v{N}`, the root of version N; or, with `alias`, `GET /`, which versioning serves
 * from the root of the default version (the first of `versions`), or of the version a
 * vendor media type asks for.
 *
 * @param vendor - the vendor of the media types, `conference`
 */
export function rootOperation(
  vendor: string,
  versions: readonly number[],
  alias: boolean,
): RpcOperation {
  const [version] = versions;
  const types = versions.map((one) => `application/vnd.${vendor}.v${one}+json`);
  const content: ZodContentObject = Object.fromEntries(
    [...types, HAL_MEDIA_TYPE, 'application/json'].map((type) => [type, { schema: apiRoot }]),
  );
  return {
    operationId: alias ? 'getApiRoot' : `getApiRootV${version}`,
    tags: ['Root'],
    summary: alias ? 'The API root' : `The API root of version ${version}`,
    description: alias
      ? `The one URL a client needs. It is version ${version}’s root, or the root of the version a vendor media type in \`Accept\` names. Browsers get the HAL explorer here.`
      : 'Browsers get the HAL explorer here.',
    responses: {
      200: {
        description: 'The links a client starts from; for a browser, the HAL explorer.',
        headers: { Vary: VARY },
        content: { ...content, 'text/html': { schema: z.string() } },
      },
      406: problemResponse(406, 'None of the media types in Accept can be served.'),
    },
  };
}
