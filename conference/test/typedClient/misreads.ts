import createClient from 'openapi-fetch';
// As in client.ts: the document's types in the test, `any` in the repository's type check.
// biome-ignore lint/suspicious/noTsIgnore: see client.ts.
// @ts-ignore
import type { paths } from './conference-api.ts';

/**
 * Reads that the document's types must refuse: typedClient.test.ts compiles this file and
 * expects an error on each line marked `refused`, and on no other line. A document that
 * typed the versions alike, or ids as strings somewhere, or a method a path does not
 * have, would let one of them through.
 *
 * @param baseUrl - where the API is
 */
export async function misreads(baseUrl: string): Promise<unknown[]> {
  const client = createClient<paths>({ baseUrl });
  const speaker = { path: { speaker_id: 1 } };
  const v1 = await client.GET('/v1/speaker/{speaker_id}', { params: speaker });
  const v2 = await client.GET('/v2/speaker/{speaker_id}', { params: speaker });
  const talk = await client.GET('/v1/talk/{talk_id}', {
    params: { path: { talk_id: '1' } }, // refused: ids are integers
  });
  // A client typed for every media type: at an unversioned URL, a vendor type in Accept
  // may choose version 2, so the speaker may be either version.
  const unversioned = await client.GET('/speaker/{speaker_id}', { params: speaker });
  // The docs' 405: DELETE is no method of the collection.
  await client.DELETE('/speaker'); // refused: the collection has no DELETE
  return [
    v1.data?.talk_count, // refused: version 1 does not count talks
    v2.data?.twitter, // refused: version 2 has a twitter link, not a field
    talk.data?._links.speakers.href, // refused: a list of links, one per speaker
    unversioned.data?.twitter, // refused: either version, and version 2 has no twitter field
  ];
}
