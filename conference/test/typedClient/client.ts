import createClient from 'openapi-fetch';
// The types openapi-typescript generates from GET /openapi.json. typedClient.test.ts writes
// them into a temporary folder and type-checks this file against them, so the types below
// are the document's. The repository's own type check runs without them: there the import
// is `any`, and the directive below silences its error. (One that expects an error would
// fail the test's compilation, which has none.)
// biome-ignore lint/suspicious/noTsIgnore: the import resolves in one compilation only.
// @ts-ignore
import type { paths } from './conference-api.ts';

const V2 = 'application/vnd.conference.v2+json';

/** What the client read, typed by the document, for the test to compare with the catalogue. */
export interface Tour {
  /** The speaker in version 1: the Twitter handle is a field. */
  twitter: string | null;
  /** The same speaker in version 2, at /v2/speaker/{id}: a `twitter` link, and the talks counted. */
  twitterLink: string | undefined;
  talkCount: number;
  /** Version 2 again, asked for by media type at the unversioned URL. */
  talkCountByMediaType: number;
  /** The titles of the speaker's talks, each fetched by the id of the embedded talk. */
  talkTitles: (string | null)[];
  /** The status of a GET sending back the ETag it had: 304, nothing changed. */
  revalidated: number;
  /** The problem of a write whose If-Match names a tag the speaker never had. */
  lostUpdate: { status: number; detail: string };
}

/**
 * Reads speaker `speakerId` in both versions through clients typed by the OpenAPI document:
 * `twitter` compiles on a version 1 speaker only, `talk_count` on a version 2 speaker only,
 * and an id read from a body fills a path parameter with no conversion.
 *
 * @param baseUrl - where the API is
 * @param speakerId - a speaker of the catalogue
 * @param authorization - the `Authorization` of someone who may write
 */
export async function tour(
  baseUrl: string,
  speakerId: number,
  authorization: string,
): Promise<Tour> {
  const client = createClient<paths>({ baseUrl });
  const speaker = { path: { speaker_id: speakerId } };
  const v1 = await client.GET('/v1/speaker/{speaker_id}', { params: speaker });
  const v2 = await client.GET('/v2/speaker/{speaker_id}', { params: speaker });
  if (v1.data === undefined || v2.data === undefined) {
    throw new Error(`speaker ${speakerId}: ${v1.response.status}, ${v2.response.status}`);
  }

  const talkTitles: (string | null)[] = [];
  for (const talk of v1.data._embedded.talks) {
    const { data } = await client.GET('/v1/talk/{talk_id}', {
      params: { path: { talk_id: talk.id } },
    });
    talkTitles.push(data?.title ?? null);
  }

  // A client that asks for version 2 by media type is typed for version 2's answers only.
  const byMediaType = createClient<paths, typeof V2>({ baseUrl, headers: { accept: V2 } });
  const v2ByMediaType = await byMediaType.GET('/speaker/{speaker_id}', { params: speaker });

  const etag = v1.response.headers.get('etag') ?? '';
  const revalidated = await client.GET('/v1/speaker/{speaker_id}', {
    params: { ...speaker, header: { 'If-None-Match': etag } },
  });
  const lostUpdate = await client.PATCH('/v1/speaker/{speaker_id}', {
    params: { ...speaker, header: { 'If-Match': '"not-the-current-tag"' } },
    body: { name: 'Never written' },
    headers: { authorization },
  });
  return {
    twitter: v1.data.twitter,
    twitterLink: v2.data._links.twitter?.href,
    talkCount: v2.data.talk_count,
    talkCountByMediaType: v2ByMediaType.data?.talk_count ?? -1,
    talkTitles,
    revalidated: revalidated.response.status,
    lostUpdate: {
      status: lostUpdate.response.status,
      detail: lostUpdate.error?.detail ?? '',
    },
  };
}
