import { describe, expect, it } from 'vitest';
import { RecordingResource, resourceApp } from './support.ts';

const HAL = 'application/hal+json';
const JSON_TYPE = 'application/json';
const VENDOR = 'application/vnd.example.v1+json';

// Strong validators of a resource's representations (RFC 9110 §8.8.3), over a real socket:
// the same bytes in another media type are another representation, with a tag of its own,
// and a write accepts the tag of any representation of the current entity.
describe('the ETags of a resource answered in several media types', () => {
  async function serving() {
    const resource = new RecordingResource();
    const app = resourceApp(resource, { accept: [HAL, JSON_TYPE, VENDOR] });
    const server = await app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
    const at = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);
    return { resource, server, at };
  }

  it('differ between representations of the same entity and page, and each revalidates only itself', async () => {
    const { server, at } = await serving();
    try {
      for (const path of ['/api/user/1', '/api/user']) {
        const tags: string[] = [];
        for (const accept of [HAL, JSON_TYPE, VENDOR]) {
          const answer = await at(path, { headers: { accept } });
          expect(answer.headers.get('content-type')).toBe(accept);
          await answer.arrayBuffer();
          tags.push(answer.headers.get('etag') as string);
        }
        expect(new Set(tags).size, path).toBe(3);
        const json = await at(path, {
          headers: { accept: JSON_TYPE, 'if-none-match': tags[0] as string },
        });
        expect(json.status, 'the HAL tag on the JSON answer').toBe(200);
        await json.arrayBuffer();
        const weak = await at(path, {
          headers: { accept: VENDOR, 'if-none-match': `W/${tags[2]}` },
        });
        expect(weak.status, 'its own tag, weak').toBe(304);
      }
    } finally {
      await server.close();
    }
  });

  it('let a write go ahead with the tag of any representation of the current entity', async () => {
    const { resource, server, at } = await serving();
    try {
      for (const accept of [VENDOR, JSON_TYPE, HAL]) {
        const seen = await at('/api/user/2', { headers: { accept } });
        await seen.arrayBuffer();
        const written = await at('/api/user/2', {
          method: 'PATCH',
          headers: { 'content-type': JSON_TYPE, 'if-match': seen.headers.get('etag') as string },
          body: JSON.stringify({ name: `Read as ${accept}` }),
        });
        expect(written.status, accept).toBe(200);
        await written.arrayBuffer();
        // The recording resource keeps nothing: the entity, and so its tags, stay as they were.
      }
      expect(resource.calls.filter(([method]) => method === 'patch')).toHaveLength(3);
      const stale = await at('/api/user/2', {
        method: 'PATCH',
        headers: { 'content-type': JSON_TYPE, 'if-match': '"stale"' },
        body: JSON.stringify({ name: 'Lost' }),
      });
      expect(stale.status).toBe(412);
      await stale.arrayBuffer();
    } finally {
      await server.close();
    }
  });
});
