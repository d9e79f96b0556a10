import { createHash, randomBytes } from 'node:crypto';
import {
  createTargetApp,
  type Exchange,
  expectResponse,
  expectThat,
  satisfies,
  send,
  setStartupHint,
  withLocalConfig,
} from '@hyperpipe/cli/harness';
import { describe, expect, it } from 'vitest';

// The tokens these checks obtain stay in memory, not in the repository's data/oauth.sqlite,
// when the project keeps them where defaultTokenDatabasePath() says: it reads this variable.
process.env.CONFERENCE_OAUTH_DB = ':memory:';

// A createApp() that throws here is mostly an authorization rule the framework refuses.
setStartupHint(1);

const PROBLEM = /^application\/problem\+json/;
const REALM = 'conference';

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const AS_LEARNER = basic('learner', 'hyperpipe');
const AS_EDITOR = basic('editor', 'hyperpipe-editor');

/** One `WWW-Authenticate` challenge: its scheme, lower-case, and its parameters. */
interface Challenge {
  scheme: string;
  params: Map<string, string>;
}

// A scheme, or a parameter with its value (quoted or not), and the comma after it.
const PART = /\s*([\w!#$%&'*+.^`|~-]+)(?:\s*=\s*("(?:[^"\\]|\\.)*"|[^\s,]*)|\s+|\s*(?=,|$))\s*,?/y;

/**
 * The challenges of an answer, whether they came in one `WWW-Authenticate` header each or
 * in one header, comma-separated (which is how `fetch` joins them).
 */
function challengesOf(exchange: Exchange): Challenge[] {
  const header = exchange.headers.get('www-authenticate') ?? '';
  const challenges: Challenge[] = [];
  PART.lastIndex = 0;
  for (let match = PART.exec(header); match; match = PART.exec(header)) {
    const [, name, value] = match as unknown as [string, string, string | undefined];
    if (value === undefined) challenges.push({ scheme: name.toLowerCase(), params: new Map() });
    else {
      const unquoted = value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
      challenges.at(-1)?.params.set(name.toLowerCase(), unquoted);
    }
  }
  return challenges;
}

/** The 401 problem that asks for credentials. */
const UNAUTHORIZED = {
  status: 401,
  headers: { 'content-type': PROBLEM },
  json: { status: 401, title: 'Unauthorized' },
};

/**
 * Expects the 401 of a request without credentials, or with credentials that prove nothing.
 * A 403 there can only come from an `authorization` listener that refuses by itself instead
 * of calling `deny()` (which lets the framework answer a guest with 401): hint 8. A 401
 * without challenges has no scheme configured: hint 5. Anything else (the request went
 * through, say) is for `hint`.
 */
function expectUnauthorized(exchange: Exchange, hint: number): void {
  expectThat(exchange.status !== 403, {
    expected: '401 with challenges: the client has not said who it is, so it may try again',
    received: '403, which says "I know who you are, and the answer is no" to a guest',
    exchange,
    hint: 8,
  });
  expectResponse(exchange, UNAUTHORIZED, { hint });
  expectResponse(
    exchange,
    {
      headers: {
        'www-authenticate': satisfies((header) => header !== '', 'one or more challenges'),
      },
    },
    { hint: 5 },
  );
}

/** GET a collection and read its `total`. */
async function totalOf(path: string): Promise<number> {
  const exchange = await send('GET', path);
  expectResponse(exchange, { status: 200, json: { total: expect.any(Number) } }, { hint: 1 });
  return (exchange.json as { total: number }).total;
}

/** The ids of the first page of a collection, GET without credentials. */
async function idsOf(resource: 'speaker' | 'talk', embedded: string): Promise<number[]> {
  const exchange = await send('GET', `/${resource}`);
  expectResponse(
    exchange,
    { status: 200, json: { _embedded: { [embedded]: expect.any(Array) } } },
    { hint: 1 },
  );
  const items = (exchange.json as { _embedded: Record<string, { id: number }[]> })._embedded[
    embedded
  ] as { id: number }[];
  expectThat(items.length >= 4, {
    expected: `at least four ${embedded} in the first page of GET /${resource}`,
    received: `${items.length}`,
    exchange,
    hint: 1,
  });
  return items.map((item) => item.id);
}

/** POST /speaker with these headers, a new speaker named `name`. */
const postSpeaker = (name: string, headers: Record<string, string> = {}) =>
  send('POST', '/speaker', { json: { name }, headers });

const CREATED = { status: 201, json: { id: expect.any(Number) } };

/**
 * The hint for a token request that failed. The password grant checks the users of the
 * `basic` htpasswd file: without `basic` it knows no user, and answers `invalid_grant`
 * (hint 5). Anything else is the given OAuth2 configuration's (hint 11).
 */
const tokenHint = (issued: Exchange) =>
  issued.status === 400 &&
  (issued.json as { error?: unknown } | undefined)?.error === 'invalid_grant'
    ? 5
    : 11;

describe('step 13: authentication and authorization', () => {
  it('still answers every GET without credentials, and the same to the learner', async () => {
    /** GET `path` as a guest, then as the learner: 200 both times. */
    const expectPublic = async (path: string) => {
      const read = await send('GET', path);
      if (read.status !== 200) {
        // Refused: by a rule that names GET (hint 1), or by a listener that denies more
        // than DELETE, which refuses the learner too, with 403 (hint 8).
        const asLearner = await send('GET', path, { headers: { authorization: AS_LEARNER } });
        expectThat(asLearner.status !== 403, {
          expected: `GET ${path} to answer 200 to anyone: only DELETE is for editors`,
          received: `${read.status} to a guest and 403 to the learner: reads are refused`,
          exchange: asLearner,
          hint: 8,
        });
        expectResponse(read, { status: 200 }, { hint: 1 });
      }
      const asLearner = await send('GET', path, { headers: { authorization: AS_LEARNER } });
      // 403: a listener denies the learner's reads; 401: the Basic credentials are not read.
      expectResponse(asLearner, { status: 200 }, { hint: asLearner.status === 403 ? 8 : 5 });
    };
    await expectPublic('/speaker');
    await expectPublic('/talk');
    const [speaker] = await idsOf('speaker', 'speakers');
    const [talk] = await idsOf('talk', 'talks');
    for (const path of [`/speaker/${speaker}`, `/v2/speaker/${speaker}`, `/talk/${talk}`]) {
      await expectPublic(path);
      // HEAD follows GET: public too.
      expectResponse(await send('HEAD', path), { status: 200, text: '' }, { hint: 1 });
    }
  });

  it('refuses an anonymous write with a 401 problem that offers Basic, Digest and Bearer, and writes nothing', async () => {
    const total = await totalOf('/speaker');
    const refused = await postSpeaker('Anonymous');
    expectUnauthorized(refused, 1);
    // Each scheme's challenge comes from its key in the configuration.
    for (const [scheme, hint] of [
      ['basic', 5],
      ['digest', 11],
      ['bearer', 11],
    ] as const) {
      expectThat(
        challengesOf(refused).some((challenge) => challenge.scheme === scheme),
        {
          expected: 'WWW-Authenticate challenges for Basic, Digest and Bearer',
          received: `no ${scheme} challenge: ${refused.headers.get('www-authenticate') ?? '(none)'}`,
          exchange: refused,
          hint,
        },
      );
    }
    const after = await totalOf('/speaker');
    expectThat(after === total, {
      expected: `the refused POST to leave ${total} speakers in GET /speaker`,
      received: `total ${after} after it`,
      exchange: refused,
      hint: 1,
    });
  });

  it('asks for an identity on every write, of every resource in both versions', async () => {
    const [speaker] = await idsOf('speaker', 'speakers');
    const [talk] = await idsOf('talk', 'talks');
    const talkBody = { title: 'Anonymous', day: '2027-05-18', speakers: [speaker] };
    const writes: [string, string, unknown][] = [];
    // Every write route: the collection's POST and the entity's PUT, PATCH and DELETE, of
    // talks and speakers, in both versions.
    for (const [collection, id, body] of [
      ['/talk', talk, talkBody],
      ['/speaker', speaker, { name: 'Anonymous' }],
      ['/v2/speaker', speaker, { name: 'Anonymous' }],
      ['/v2/talk', talk, talkBody],
    ] as const) {
      writes.push(['POST', collection, body]);
      for (const method of ['PUT', 'PATCH']) writes.push([method, `${collection}/${id}`, body]);
      writes.push(['DELETE', `${collection}/${id}`, undefined]);
    }
    for (const [method, path, json] of writes) {
      expectUnauthorized(await send(method, path, { json }), 1);
    }
  });

  it('accepts HTTP Basic: a wrong password is a 401, even on a GET; the learner may create a speaker', async () => {
    const wrongly = { authorization: basic('learner', 'not-the-password') };
    expectUnauthorized(await postSpeaker('Wrong Password', wrongly), 5);
    // Wrong credentials are refused by AuthenticationMiddleware whatever the rules say; a
    // GET that goes through with them was never authenticated: the pipeline lacks it.
    expectUnauthorized(await send('GET', '/speaker', { headers: wrongly }), 1);
    const created = await postSpeaker('Basic Learner', { authorization: AS_LEARNER });
    if (created.status === 401) {
      // Accepted on a GET but not on a write: authorization decided before authentication
      // found the identity (hint 1). Refused on a GET too: the htpasswd file (hint 5).
      const read = await send('GET', '/speaker', { headers: { authorization: AS_LEARNER } });
      expectThat(read.status !== 200, {
        expected: "the learner's Basic credentials accepted on a write as on a GET",
        received:
          '200 to a GET with them, 401 to a POST: authorization saw a guest, so it ran before authentication found the learner',
        exchange: created,
        hint: 1,
      });
    }
    expectResponse(created, CREATED, { hint: 5 });
  });

  it('accepts HTTP Digest: answers the challenge of a 401 with an MD5 response', async () => {
    const refused = await postSpeaker('Digest Learner');
    expectUnauthorized(refused, 1);
    const challenge = challengesOf(refused).find(
      ({ scheme, params }) =>
        scheme === 'digest' && (params.get('algorithm') ?? 'MD5').toUpperCase() === 'MD5',
    );
    const params = challenge?.params ?? new Map<string, string>();
    const nonce = params.get('nonce');
    expectThat(challenge !== undefined && nonce !== undefined && params.get('realm') === REALM, {
      expected: `a Digest challenge for MD5 (or no algorithm) with realm="${REALM}" and a nonce`,
      received: challenge
        ? `realm="${params.get('realm') ?? ''}", nonce="${nonce ?? ''}"`
        : 'no such challenge',
      exchange: refused,
      hint: 11,
    });
    const qops = (params.get('qop') ?? '').split(',').map((qop) => qop.trim());
    expectThat(qops.includes('auth'), {
      expected: 'the Digest challenge to offer qop="auth"',
      received: `qop="${params.get('qop') ?? ''}"`,
      exchange: refused,
      hint: 11,
    });
    const md5 = (text: string) => createHash('md5').update(text).digest('hex');
    // RFC 7616 with qop=auth: the password never travels, only a hash over it and the nonce.
    const [uri, nc, cnonce] = ['/speaker', '00000001', randomBytes(8).toString('hex')];
    const ha1 = md5(`learner:${REALM}:hyperpipe`);
    const ha2 = md5(`POST:${uri}`);
    const response = md5(`${ha1}:${nonce}:${nc}:${cnonce}:auth:${ha2}`);
    const opaque = params.get('opaque');
    const authorization =
      `Digest username="learner", realm="${REALM}", nonce="${nonce}", uri="${uri}", ` +
      `algorithm=MD5, qop=auth, nc=${nc}, cnonce="${cnonce}", response="${response}"` +
      (opaque === undefined ? '' : `, opaque="${opaque}"`);
    expectResponse(await postSpeaker('Digest Learner', { authorization }), CREATED, { hint: 11 });
  });

  it('issues OAuth2 tokens at POST /oauth and accepts them as Bearer tokens', async () => {
    const issued = await send('POST', '/oauth', {
      form: {
        grant_type: 'password',
        username: 'learner',
        password: 'hyperpipe',
        client_id: 'workshop',
        client_secret: 'workshop-secret',
      },
    });
    expectResponse(
      issued,
      {
        status: 200,
        json: {
          access_token: expect.any(String),
          token_type: expect.stringMatching(/^bearer$/i),
        },
      },
      { hint: tokenHint(issued) },
    );
    const token = (issued.json as { access_token: string }).access_token;
    const bad = await postSpeaker('Bad Token', { authorization: `Bearer not-${token}` });
    expectUnauthorized(bad, 1);
    const invalidToken = challengesOf(bad).find(({ scheme }) => scheme === 'bearer');
    expectThat(invalidToken?.params.get('error') === 'invalid_token', {
      expected: 'a Bearer challenge with error="invalid_token" for a token it never issued',
      received: `error=${invalidToken?.params.get('error') ?? '(none)'}`,
      exchange: bad,
      hint: 11,
    });
    expectResponse(
      await postSpeaker('Bearer Learner', { authorization: `Bearer ${token}` }),
      CREATED,
      { hint: 11 },
    );
  });

  it('lets the OAuth2 client authenticate itself with a Basic header at POST /oauth', async () => {
    // As `curl -u workshop:workshop-secret` does: this Basic header names a client, not a user.
    const issued = await send('POST', '/oauth', {
      form: { grant_type: 'password', username: 'learner', password: 'hyperpipe' },
      headers: { authorization: basic('workshop', 'workshop-secret') },
    });
    expectResponse(
      issued,
      { status: 200, json: { access_token: expect.any(String) } },
      { hint: tokenHint(issued) },
    );
  });

  it('answers 403 to a learner who deletes, of every resource and version, and deletes nothing', async () => {
    const [, speaker] = await idsOf('speaker', 'speakers');
    const [, talk] = await idsOf('talk', 'talks');
    for (const path of [
      `/speaker/${speaker}`,
      `/talk/${talk}`,
      `/v2/speaker/${speaker}`,
      `/v2/talk/${talk}`,
    ]) {
      const refused = await send('DELETE', path, { headers: { authorization: AS_LEARNER } });
      expectResponse(
        refused,
        {
          status: 403,
          headers: { 'content-type': PROBLEM },
          json: { status: 403, title: 'Forbidden' },
        },
        { hint: 8 },
      );
      expectResponse(await send('GET', path), { status: 200 }, { hint: 8 });
    }
  });

  it('lets the editor delete what a guest may not, with a password or with a token', async () => {
    const [, , id, other] = await idsOf('talk', 'talks');
    const path = `/talk/${id}`;
    expectUnauthorized(await send('DELETE', path), 1);
    expectResponse(
      await send('DELETE', path, { headers: { authorization: AS_EDITOR } }),
      { status: 204 },
      { hint: 8 },
    );
    expectResponse(await send('GET', path), { status: 404 }, { hint: 8 });
    // A token stands for the user it was issued to, roles included.
    const issued = await send('POST', '/oauth', {
      form: {
        grant_type: 'password',
        username: 'editor',
        password: 'hyperpipe-editor',
        client_id: 'workshop',
        client_secret: 'workshop-secret',
      },
    });
    expectResponse(
      issued,
      { status: 200, json: { access_token: expect.any(String) } },
      { hint: tokenHint(issued) },
    );
    const token = (issued.json as { access_token: string }).access_token;
    expectResponse(
      await send('DELETE', `/talk/${other}`, { headers: { authorization: `Bearer ${token}` } }),
      { status: 204 },
      { hint: 8 },
    );
  });

  it('lets whoever has the role editor delete: a role given to the learner by a local configuration file', async () => {
    const [, , , , id, other] = await idsOf('talk', 'talks');
    const config = { authentication: { roles: { learner: ['editor'] } } };
    const [guest, learner] = await withLocalConfig(config, async () => {
      const app = await createTargetApp();
      return [
        await send('DELETE', `/talk/${other}`, { app }),
        await send('DELETE', `/talk/${id}`, { headers: { authorization: AS_LEARNER }, app }),
      ];
    });
    expectUnauthorized(guest, 1);
    expectResponse(learner, { status: 204 }, { hint: 8 });
  });
});
