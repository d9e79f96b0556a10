import createClient from 'openapi-fetch';
// As in client.ts: the document's types in the test, `any` in the repository's type check.
// biome-ignore lint/suspicious/noTsIgnore: see client.ts.
// @ts-ignore
import type { paths } from './conference-api.ts';

const HAL = 'application/hal+json';
const JSON_TYPE = 'application/json';
const V1 = 'application/vnd.conference.v1+json';
const V2 = 'application/vnd.conference.v2+json';
const PROBLEM = 'application/problem+json';
const FORM = 'application/x-www-form-urlencoded';

/**
 * The media types curl's `Accept: *\/*` gets: HAL where a resource has it (version 1 at an
 * unversioned URL, the default), JSON where it has only JSON, problems for errors.
 */
type Default = typeof HAL | typeof JSON_TYPE | typeof PROBLEM;

/** The demo identities docs/conference-api.md publishes, as curl's `-u` sends them. */
const LEARNER = basic('learner', 'hyperpipe');
const EDITOR = basic('editor', 'hyperpipe-editor');
const WORKSHOP = basic('workshop', 'workshop-secret');

/** What the requests of the guides read, each through a field the document types. */
export interface DocumentedAnswers {
  /** README.md, "The conference API": speaker 1, then version 2 of it, then a PATCH. */
  readme: { twitter: string | null; talkCount: number; patched: string | null };
  /** The root's `speakers` link, for HAL and for version 2 by media type, and `/v1`'s `self`. */
  root: { speakers: string; speakersV2: string; self: string; serviceDesc: string };
  /** GET and the two POSTs of /timezone. */
  timezone: { server: string; tokyo: boolean; mars: number };
  /** The first page of speakers and page 4. */
  pages: { count: number; pageCount: number; page4: number };
  /** How many talks speaker 1 embeds, and speakers talk 1 embeds. */
  embedded: { talks: number; speakers: number };
  /** Speaker 1's Twitter handle as each media type of version 1 gives it. */
  byMediaType: Record<string, string | null>;
  /** `talk_count` of speaker 1 at /v2/speaker/1. */
  talkCountByUrl: number;
  /** The talk POST /talk created, and the statuses of the writes that follow. */
  writes: { created: string | null; statuses: Record<string, number> };
  /** The OAuth2 grants of the docs: the type of each token they gave. */
  tokens: Record<string, string>;
}

/**
 * Sends every request README.md and docs/conference-api.md show, in their order, through
 * openapi-fetch clients typed by the document, and reads what each answer carries with no
 * cast: a field a document typed too loosely would not compile here.
 *
 * Each client names the media types it takes (openapi-fetch's second type parameter): one
 * that names none is typed for every type a path lists, so at an unversioned URL its
 * speaker may be either version, since a vendor type in Accept may ask for version 2
 * (misreads.ts), and at `/` its root may be the explorer's HTML.
 *
 * @param baseUrl - where the API is
 * @param fetch - sends each request (the test's records them)
 */
export async function documentedRequests(
  baseUrl: string,
  fetch: (request: Request) => Promise<Response>,
): Promise<DocumentedAnswers> {
  const client = createClient<paths, Default>({ baseUrl, fetch });
  const v2 = createClient<paths, typeof V2 | typeof PROBLEM>({
    baseUrl,
    fetch,
    headers: { accept: V2 },
  });
  const speaker1 = { params: { path: { speaker_id: 1 } } };

  // README.md
  // curl -i localhost:8800/speaker/1
  const speaker = await client.GET('/speaker/{speaker_id}', speaker1);
  // curl -i -H 'Accept: application/vnd.conference.v2+json' localhost:8800/speaker/1
  const speakerV2 = await v2.GET('/speaker/{speaker_id}', speaker1);
  // curl -i -u learner:hyperpipe -X PATCH -H 'Content-Type: application/json' \
  //   -d '{"twitter":"@ada"}' localhost:8800/speaker/1
  await client.PATCH('/speaker/{speaker_id}', {
    ...speaker1,
    body: { twitter: '@ada' },
    headers: { authorization: LEARNER },
  });
  const patched = await client.GET('/speaker/{speaker_id}', speaker1);

  // docs/conference-api.md, "Explore it" and "Hypermedia"
  // curl -i -H 'Accept: application/hal+json' localhost:8800/
  const root = await client.GET('/', { headers: { accept: HAL } });
  const rootV2 = await v2.GET('/');
  const rootV1 = await client.GET('/v1');
  await v2.GET('/v2');
  // curl -i localhost:8800/timezone
  const timezone = await client.GET('/timezone');
  // curl -i -X POST localhost:8800/timezone -d timezone=Asia/Tokyo # form body
  const tokyo = await client.POST('/timezone', {
    body: { timezone: 'Asia/Tokyo' },
    headers: { 'content-type': FORM },
  });
  // curl -i -X POST localhost:8800/timezone \
  //   -H 'Content-Type: application/json' -d '{"timezone":"Mars/Base"}' # 422
  const mars = await client.POST('/timezone', { body: { timezone: 'Mars/Base' } });
  // curl -i localhost:8800/speaker          # page 1 of 4, HAL
  const page1 = await client.GET('/speaker');
  // curl -i 'localhost:8800/speaker?page=4'
  const page4 = await client.GET('/speaker', { params: { query: { page: 4 } } });
  // curl -i localhost:8800/talk/1           # with _embedded.speakers
  const talk = await client.GET('/talk/{talk_id}', { params: { path: { talk_id: 1 } } });
  // curl -i localhost:8800/v2/speaker/1     # version 2, by URL
  const byUrl = await client.GET('/v2/speaker/{speaker_id}', speaker1);
  // The root's links, and the explorer's choice of Accept: version 1 as HAL, JSON or its
  // vendor type.
  const v1Speaker = await client.GET('/v1/speaker/{speaker_id}', speaker1);
  const asJson = await createClient<paths, typeof JSON_TYPE | typeof PROBLEM>({
    baseUrl,
    fetch,
    headers: { accept: JSON_TYPE },
  }).GET('/speaker/{speaker_id}', speaker1);
  const asV1 = await createClient<paths, typeof V1 | typeof PROBLEM>({
    baseUrl,
    fetch,
    headers: { accept: V1 },
  }).GET('/speaker/{speaker_id}', speaker1);
  await client.GET('/v1/speaker');
  await client.GET('/v1/talk');
  await client.GET('/v1/talk/{talk_id}', { params: { path: { talk_id: 1 } } });
  const document = await client.GET('/openapi.json');
  // curl -i -X POST localhost:8800/talk -u learner:hyperpipe -H 'Content-Type: application/json' \
  //   -d '{"title":"Hypermedia at scale","day":"2027-05-19","start_time":"14:00","speakers":[1,2]}'
  const created = await client.POST('/talk', {
    body: {
      title: 'Hypermedia at scale',
      day: '2027-05-19',
      start_time: '14:00',
      speakers: [1, 2],
    },
    headers: { authorization: LEARNER },
  });
  // curl -i -X PATCH localhost:8800/speaker/1 -u learner:hyperpipe \
  //   -H 'Content-Type: application/json' -d '{"twitter":null}'
  const unset = await client.PATCH('/speaker/{speaker_id}', {
    ...speaker1,
    body: { twitter: null },
    headers: { authorization: LEARNER },
  });
  // curl -i -X DELETE localhost:8800/talk/1 -u editor:hyperpipe-editor
  const deleted = await client.DELETE('/talk/{talk_id}', {
    params: { path: { talk_id: 1 } },
    headers: { authorization: EDITOR },
  });

  // "Caching and concurrent writes"
  // curl -si localhost:8800/speaker/1 | grep -i etag
  const current = await client.GET('/speaker/{speaker_id}', speaker1);
  const etag = current.response.headers.get('etag') ?? '';
  // curl -si localhost:8800/speaker/1 -H 'If-None-Match: "Zwz5bk…"'   # 304
  const revalidated = await client.GET('/speaker/{speaker_id}', {
    params: { ...speaker1.params, header: { 'If-None-Match': etag } },
  });
  // curl -si -X PATCH localhost:8800/speaker/1 -u learner:hyperpipe -H 'If-Match: "an-old-tag"' \
  //   -H 'Content-Type: application/json' -d '{"name":"Ada"}'   # 412, nothing written
  const lost = await client.PATCH('/speaker/{speaker_id}', {
    params: { ...speaker1.params, header: { 'If-Match': '"an-old-tag"' } },
    body: { name: 'Ada' },
    headers: { authorization: LEARNER },
  });

  // "Authentication"
  // curl -i -X PATCH localhost:8800/speaker/1 -u learner:hyperpipe \
  //   -H 'Content-Type: application/json' -d '{"name":"Ada"}'
  const renamed = await client.PATCH('/speaker/{speaker_id}', {
    ...speaker1,
    body: { name: 'Ada' },
    headers: { authorization: LEARNER },
  });
  // curl -i -X DELETE localhost:8800/speaker/1 -u learner:hyperpipe   # 403
  const forbidden = await client.DELETE('/speaker/{speaker_id}', {
    ...speaker1,
    headers: { authorization: LEARNER },
  });
  // curl -i --digest -u editor:hyperpipe-editor -X DELETE localhost:8800/talk/2
  // (Digest is curl's to answer; the request is the same with Basic.)
  const deleted2 = await client.DELETE('/talk/{talk_id}', {
    params: { path: { talk_id: 2 } },
    headers: { authorization: EDITOR },
  });
  // curl -s -X POST localhost:8800/oauth -u workshop:workshop-secret \
  //   -d grant_type=password -d username=editor -d password=hyperpipe-editor
  const password = await client.POST('/oauth', {
    body: { grant_type: 'password', username: 'editor', password: 'hyperpipe-editor' },
    headers: { 'content-type': FORM, authorization: WORKSHOP },
  });
  // TOKEN=$(curl -s -X POST localhost:8800/oauth -d grant_type=password -d username=editor \
  //   -d password=hyperpipe-editor -d client_id=workshop -d client_secret=workshop-secret | …)
  const inForm = await client.POST('/oauth', {
    body: {
      grant_type: 'password',
      username: 'editor',
      password: 'hyperpipe-editor',
      client_id: 'workshop',
      client_secret: 'workshop-secret',
    },
    headers: { 'content-type': FORM },
  });
  const token = inForm.data?.access_token ?? '';
  // curl -i -X DELETE localhost:8800/speaker/3 -H "Authorization: Bearer $TOKEN"
  const byBearer = await client.DELETE('/speaker/{speaker_id}', {
    params: { path: { speaker_id: 3 } },
    headers: { authorization: `Bearer ${token}` },
  });
  // curl -i -X PATCH "localhost:8800/speaker/4?access_token=$TOKEN" \
  //   -H 'Content-Type: application/json' -d '{"name":"Q"}'
  const byQuery = await client.PATCH('/speaker/{speaker_id}', {
    params: { path: { speaker_id: 4 }, query: { access_token: token } },
    body: { name: 'Q' },
  });
  // curl -s -X POST localhost:8800/oauth -u workshop:workshop-secret \
  //   -d grant_type=refresh_token -d refresh_token=…
  const refreshed = await client.POST('/oauth', {
    body: { grant_type: 'refresh_token', refresh_token: password.data?.refresh_token ?? '' },
    headers: { 'content-type': FORM, authorization: WORKSHOP },
  });
  // curl -s -X POST localhost:8800/oauth -u workshop:workshop-secret \
  //   -d grant_type=client_credentials
  const ownToken = await client.POST('/oauth', {
    body: { grant_type: 'client_credentials' },
    headers: { 'content-type': FORM, authorization: WORKSHOP },
  });

  return {
    readme: {
      twitter: speaker.data?.twitter ?? null,
      talkCount: speakerV2.data?.talk_count ?? -1,
      patched: patched.data?.twitter ?? null,
    },
    root: {
      speakers: root.data?._links.speakers.href ?? '',
      speakersV2: rootV2.data?._links.speakers.href ?? '',
      self: rootV1.data?._links.self.href ?? '',
      serviceDesc: document.data?.openapi ?? '',
    },
    timezone: {
      server: timezone.data?.timezone ?? '',
      tokyo: tokyo.data?.valid ?? false,
      mars: mars.error?.status ?? 0,
    },
    pages: {
      count: page1.data?._embedded.speakers.length ?? -1,
      pageCount: page1.data?.page_count ?? -1,
      page4: page4.data?.page ?? -1,
    },
    embedded: {
      talks: speaker.data?._embedded.talks.length ?? -1,
      speakers: talk.data?._embedded.speakers.length ?? -1,
    },
    byMediaType: {
      [HAL]: v1Speaker.data?.twitter ?? null,
      [JSON_TYPE]: asJson.data?.twitter ?? null,
      [V1]: asV1.data?.twitter ?? null,
    },
    talkCountByUrl: byUrl.data?.talk_count ?? -1,
    writes: {
      created: created.data?.title ?? null,
      statuses: {
        'PATCH /speaker/1 {"twitter":null}': unset.response.status,
        'DELETE /talk/1': deleted.response.status,
        'GET /speaker/1 If-None-Match': revalidated.response.status,
        'PATCH /speaker/1 If-Match': lost.response.status,
        'PATCH /speaker/1 {"name":"Ada"}': renamed.response.status,
        'DELETE /speaker/1 by learner': forbidden.response.status,
        'DELETE /talk/2': deleted2.response.status,
        'DELETE /speaker/3 Bearer': byBearer.response.status,
        'PATCH /speaker/4?access_token': byQuery.response.status,
      },
    },
    tokens: {
      password: password.data?.token_type ?? '',
      'password, client in the form': inForm.data?.token_type ?? '',
      refresh_token: refreshed.data?.token_type ?? '',
      client_credentials: ownToken.data?.token_type ?? '',
    },
  };
}

/** The `Authorization` header curl's `-u user:password` sends. */
function basic(user: string, password: string): string {
  return `Basic ${btoa(`${user}:${password}`)}`;
}
