import { createApplication, type ServerRequest } from 'hyperpipe';
import { ProblemMiddleware } from 'hyperpipe/problem';
import { type Collection, type Entity, Resource, registerResource } from 'hyperpipe/rest';
import { expect, it } from 'vitest';

/** The talks of one conference day: the day comes from the URL, the talk from the store. */
class TalkResource extends Resource {
  override fetch(id: string, request: ServerRequest): Entity {
    return { id: Number(id), day: request.param('day') };
  }

  override fetchAll(): Collection {
    return Array.from({ length: 3 }, (_, i) => ({ id: i + 1 }));
  }

  override create(data: unknown): Entity {
    return { id: 9, ...(data as Entity) };
  }
}

interface Document {
  _links: Record<string, { href: string }>;
  _embedded?: Record<string, Document[]>;
}

it('links a nested resource with the parent the request matched: entity, collection and pages', async () => {
  const app = createApplication();
  app.pipe('/', new ProblemMiddleware(), { priority: -100 });
  registerResource(app, '/api/day/{day}/talk', new TalkResource(), { entity: 'Talk', pageSize: 2 });
  const server = await app.run({ port: 0, hostname: '127.0.0.1', handleSignals: false });
  const base = `${server.url}/api/day/2/talk`;
  try {
    const entity = await fetch(`${base}/7`);
    expect(entity.status).toBe(200);
    expect(((await entity.json()) as Document)._links.self?.href).toBe(`${base}/7`);

    const page = await fetch(`${base}?page=1`);
    expect(page.status).toBe(200);
    const collection = (await page.json()) as Document;
    expect(collection._links.self?.href).toBe(`${base}?page=1`);
    expect(collection._links.first?.href).toBe(base);
    expect(collection._links.next?.href).toBe(`${base}?page=2`);
    expect(collection._links.last?.href).toBe(`${base}?page=2`);
    expect(collection._embedded?.talk?.map((talk) => talk._links.self?.href)).toEqual([
      `${base}/1`,
      `${base}/2`,
    ]);

    const created = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Hypermedia' }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`${base}/9`);

    // Another parent, other links: nothing is remembered from the first request.
    const other = await fetch(`${server.url}/api/day/3/talk/7`);
    expect(((await other.json()) as Document)._links.self?.href).toBe(
      `${server.url}/api/day/3/talk/7`,
    );
  } finally {
    await server.close();
  }
});
