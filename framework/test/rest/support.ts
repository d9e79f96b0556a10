import { type Application, createApplication } from 'hyperpipe';
import { ProblemMiddleware } from 'hyperpipe/problem';
import {
  type Collection,
  type Entity,
  type Page,
  Resource,
  type ResourceOptions,
  registerResource,
} from 'hyperpipe/rest';

/** A call a {@link RecordingResource} received: the method name and its arguments, without the request. */
export type Call = [method: string, ...args: unknown[]];

/**
 * A resource that defines all nine methods over a small in-memory store and records every
 * call, so a test can see which method a request reached, with which arguments.
 */
export class RecordingResource extends Resource {
  readonly calls: Call[] = [];
  readonly store = new Map<string, Entity>([
    ['1', { id: 1, name: 'Ada' }],
    ['2', { id: 2, name: 'Bruno' }],
  ]);

  override fetch(id: string): Entity | undefined {
    this.calls.push(['fetch', id]);
    return this.store.get(id);
  }

  override fetchAll(query: Readonly<Record<string, string>>): Collection {
    this.calls.push(['fetchAll', query]);
    return [...this.store.values()];
  }

  override create(data: unknown): Entity {
    this.calls.push(['create', data]);
    return { id: 3, ...(data as Entity) };
  }

  override update(id: string, data: unknown): Entity | undefined {
    this.calls.push(['update', id, data]);
    return this.store.has(id) ? { id: Number(id), ...(data as Entity) } : undefined;
  }

  override patch(id: string, data: unknown): Entity | undefined {
    this.calls.push(['patch', id, data]);
    const entity = this.store.get(id);
    return entity && { ...entity, ...(data as Entity) };
  }

  override delete(id: string): boolean {
    this.calls.push(['delete', id]);
    return this.store.delete(id);
  }

  override deleteList(data: unknown): boolean {
    this.calls.push(['deleteList', data]);
    return true;
  }

  override patchList(data: unknown): Collection {
    this.calls.push(['patchList', data]);
    return [...this.store.values()];
  }

  override replaceList(data: unknown): Collection {
    this.calls.push(['replaceList', data]);
    return [...this.store.values()];
  }
}

/** A resource that defines nothing: every method answers 405. */
export class BareResource extends Resource {}

/** A resource whose collection is a page loader over `total` entities, recording each load. */
export class PagedResource extends Resource {
  readonly loads: [offset: number, limit: number][] = [];
  readonly #total: number;

  constructor(total: number) {
    super();
    this.#total = total;
  }

  override fetchAll(): Collection {
    return (offset: number, limit: number): Page => {
      this.loads.push([offset, limit]);
      const count = Math.max(0, Math.min(limit, this.#total - offset));
      const items = Array.from({ length: count }, (_, i) => ({ id: offset + i + 1 }));
      return { items, total: this.#total };
    };
  }
}

/** Every method, for both URLs. */
export const ALL_COLLECTION_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
export const ALL_ENTITY_METHODS = ['GET', 'PUT', 'PATCH', 'DELETE'];

/** An application with the resource at `/api/user` and problems rendered. */
export function resourceApp(
  resource: Resource,
  options: Partial<ResourceOptions> = {},
): Application {
  const app = createApplication();
  app.pipe('/', new ProblemMiddleware(), { priority: -100 });
  registerResource(app, '/api/user', resource, { entity: 'User', ...options });
  return app;
}

/** Sends a request to the app; a body is sent as JSON. */
export function send(
  app: Application,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json', ...headers };
  }
  return app.handle(new Request(`http://localhost${path}`, init));
}
