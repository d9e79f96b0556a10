import type { Application } from 'hyperpipe';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTestConference,
  HAL,
  JSON_TYPE,
  ORIGIN,
  PROBLEM,
  send,
  sendJson,
} from './support/conference.ts';

// GET / is the one URL a client needs: the root links to everything else.
let app: Application;
beforeAll(async () => {
  ({ app } = await createTestConference());
});

const V2 = 'application/vnd.conference.v2+json';

/** A link's URL with its RFC 6570 variables filled: ids with 1, query expressions left out. */
function expand(href: string): string {
  return href.replace(/\{\?[^}]*\}/g, '').replace(/\{[^}]*\}/g, '1');
}

describe('the API root', () => {
  it('links HAL clients to every collection, entity template, service and the description', async () => {
    const { status, headers, body } = await sendJson(app, '/', { headers: { accept: HAL } });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe(HAL);
    expect(headers.get('vary')).toBe('Accept');
    expect(body._links).toEqual({
      self: { href: `${ORIGIN}/v1` },
      speakers: expect.objectContaining({ href: `${ORIGIN}/v1/speaker{?page}`, templated: true }),
      speaker: expect.objectContaining({
        href: `${ORIGIN}/v1/speaker/{speaker_id}`,
        templated: true,
      }),
      talks: expect.objectContaining({ href: `${ORIGIN}/v1/talk{?page}`, templated: true }),
      talk: expect.objectContaining({ href: `${ORIGIN}/v1/talk/{talk_id}`, templated: true }),
      timezone: expect.objectContaining({ href: `${ORIGIN}/timezone`, type: JSON_TYPE }),
      token: expect.objectContaining({ href: `${ORIGIN}/oauth` }),
      'service-desc': expect.objectContaining({ href: `${ORIGIN}/openapi.json` }),
    });
    for (const link of Object.values(body._links) as { title?: string; templated?: boolean }[]) {
      if (link !== body._links.self) expect(link.title).toEqual(expect.any(String));
    }
  });

  it('leads somewhere real by every link', async () => {
    const { body } = await sendJson(app, '/', { headers: { accept: HAL } });
    for (const [relation, link] of Object.entries(body._links) as [string, { href: string }][]) {
      const path = expand(link.href).slice(ORIGIN.length);
      // As generic clients do: HAL first, JSON (which the time zone service answers) next.
      const accept = `${HAL}, ${JSON_TYPE};q=0.9`;
      const response = await send(app, path, { headers: { accept } });
      // The token endpoint takes POST only; a GET learns that from its Allow.
      if (relation === 'token') {
        expect(response.status).toBe(405);
        expect(response.headers.get('allow')).toBe('POST');
      } else expect(response.status, `${relation}: ${path}`).toBe(200);
    }
  });

  it('is the root of version 2 for a client that asks for it, in Accept or in the URL', async () => {
    for (const [path, accept] of [
      ['/', V2],
      ['/v2', HAL],
    ] as const) {
      const { status, headers, body } = await sendJson(app, path, { headers: { accept } });
      expect(status).toBe(200);
      expect(headers.get('content-type')).toBe(accept);
      expect(body._links.self).toEqual({ href: `${ORIGIN}/v2` });
      expect(body._links.speakers.href).toBe(`${ORIGIN}/v2/speaker{?page}`);
      expect(body._links.speaker.href).toBe(`${ORIGIN}/v2/speaker/{speaker_id}`);
      // Version 2 has every resource, so its client never leaves it.
      expect(body._links.talks.href).toBe(`${ORIGIN}/v2/talk{?page}`);
      expect(body._links.talk.href).toBe(`${ORIGIN}/v2/talk/{talk_id}`);
    }
  });

  it('answers a version no one serves with 406, and plain JSON clients with JSON', async () => {
    const v3 = await sendJson(app, '/', {
      headers: { accept: 'application/vnd.conference.v3+json' },
    });
    expect(v3.status).toBe(406);
    expect(v3.headers.get('content-type')).toBe(PROBLEM);
    const plain = await sendJson(app, '/', { headers: { accept: JSON_TYPE } });
    expect(plain.headers.get('content-type')).toBe(JSON_TYPE);
    expect(plain.body._links.self).toEqual({ href: `${ORIGIN}/v1` });
  });

  it('gives browsers the explorer on the same URL, and says the answer depends on Accept', async () => {
    const response = await send(app, '/', { headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('vary')).toBe('Accept');
  });

  it('takes GET only', async () => {
    const { status, headers, body } = await sendJson(app, '/', { method: 'POST', body: {} });
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('GET,HEAD');
    expect(body).toMatchObject({ status: 405 });
  });
});
