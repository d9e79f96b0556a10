import { createHash, randomBytes } from 'node:crypto';
import { type Exchange, expectResponse, expectThat, satisfies, send } from '@hyperpipe/cli/harness';
import { describe, expect, it } from 'vitest';

// The tokens these checks obtain stay in memory, not in the repository's data/oauth.sqlite,
// when the project keeps them where defaultTokenDatabasePath() says: it reads this variable.
process.env.CONFERENCE_OAUTH_DB = ':memory:';

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
  headers: {
    'content-type': PROBLEM,
    'www-authenticate': satisfies((header) => header !== '', 'one or more challenges'),
  },
  json: { status: 401, title: 'Unauthorized' },
};

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
  expectThat(items.length >= 3, {
    expected: `at least three ${embedded} in the first page of GET /${resource}`,
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

describe('step 12: authentication and authorization', () => {
  it('refuses an anonymous write with a 401 problem that offers Basic, Digest and Bearer, and writes nothing', async () => {
    const total = await totalOf('/speaker');
    const refused = await postSpeaker('Anonymous');
    expectResponse(refused, UNAUTHORIZED, { hint: 1 });
    expectResponse(
      refused,
      {
        headers: {
          'www-authenticate': satisfies(
            () =>
              ['basic', 'digest', 'bearer'].every((scheme) =>
                challengesOf(refused).some((challenge) => challenge.scheme === scheme),
              ),
            'a Basic, a Digest and a Bearer challenge',
          ),
        },
      },
      { hint: 2 },
    );
    const after = await totalOf('/speaker');
    expectThat(after === total, {
      expected: `the refused POST to leave ${total} speakers in GET /speaker`,
      received: `total ${after} after it`,
      exchange: refused,
      hint: 1,
    });
  });

  it('keeps GETs public, and every write of every resource and version for identities', async () => {
    const [speaker] = await idsOf('speaker', 'speakers');
    const [talk] = await idsOf('talk', 'talks');
    for (const path of [`/speaker/${speaker}`, `/v2/speaker/${speaker}`, `/talk/${talk}`]) {
      expectResponse(await send('GET', path), { status: 200 }, { hint: 1 });
    }
    const writes: [string, string, unknown][] = [
      ['PATCH', `/talk/${talk}`, { title: 'Anonymous' }],
      ['POST', '/talk', { title: 'Anonymous', day: '2027-05-18', speakers: [speaker] }],
      ['PUT', `/v2/speaker/${speaker}`, { name: 'Anonymous' }],
      ['DELETE', `/talk/${talk}`, undefined],
    ];
    for (const [method, path, json] of writes) {
      expectResponse(await send(method, path, { json }), UNAUTHORIZED, { hint: 1 });
    }
  });

  it('accepts HTTP Basic: a wrong password is a 401, the learner may create a speaker', async () => {
    const wrong = await postSpeaker('Wrong Password', {
      authorization: basic('learner', 'not-the-password'),
    });
    expectResponse(wrong, UNAUTHORIZED, { hint: 2 });
    expectResponse(await postSpeaker('Basic Learner', { authorization: AS_LEARNER }), CREATED, {
      hint: 2,
    });
  });

  it('accepts HTTP Digest: answers the challenge of a 401 with an MD5 response', async () => {
    const refused = await postSpeaker('Digest Learner');
    expectResponse(refused, UNAUTHORIZED, { hint: 1 });
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
      hint: 3,
    });
    const qops = (params.get('qop') ?? '').split(',').map((qop) => qop.trim());
    expectThat(qops.includes('auth'), {
      expected: 'the Digest challenge to offer qop="auth"',
      received: `qop="${params.get('qop') ?? ''}"`,
      exchange: refused,
      hint: 3,
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
    expectResponse(await postSpeaker('Digest Learner', { authorization }), CREATED, { hint: 3 });
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
      { hint: 4 },
    );
    const token = (issued.json as { access_token: string }).access_token;
    const bad = await postSpeaker('Bad Token', { authorization: `Bearer not-${token}` });
    expectResponse(bad, UNAUTHORIZED, { hint: 4 });
    const invalidToken = challengesOf(bad).find(({ scheme }) => scheme === 'bearer');
    expectThat(invalidToken?.params.get('error') === 'invalid_token', {
      expected: 'a Bearer challenge with error="invalid_token" for a token it never issued',
      received: `error=${invalidToken?.params.get('error') ?? '(none)'}`,
      exchange: bad,
      hint: 4,
    });
    expectResponse(
      await postSpeaker('Bearer Learner', { authorization: `Bearer ${token}` }),
      CREATED,
      { hint: 4 },
    );
  });

  it('answers 403 to a learner who deletes, and deletes nothing', async () => {
    const [, id] = await idsOf('speaker', 'speakers');
    const refused = await send('DELETE', `/speaker/${id}`, {
      headers: { authorization: AS_LEARNER },
    });
    expectResponse(
      refused,
      {
        status: 403,
        headers: { 'content-type': PROBLEM },
        json: { status: 403, title: 'Forbidden' },
      },
      { hint: 5 },
    );
    expectResponse(await send('GET', `/speaker/${id}`), { status: 200, json: { id } }, { hint: 5 });
  });

  it('lets the editor delete what a guest may not', async () => {
    const [, , id] = await idsOf('talk', 'talks');
    const path = `/talk/${id}`;
    expectResponse(await send('DELETE', path), UNAUTHORIZED, { hint: 1 });
    expectResponse(
      await send('DELETE', path, { headers: { authorization: AS_EDITOR } }),
      { status: 204 },
      { hint: 5 },
    );
    expectResponse(await send('GET', path), { status: 404 }, { hint: 5 });
  });
});
