import { describe, expect, it, vi } from 'vitest';
import { Authenticator } from '../../src/auth/blocks.ts';
import {
  type AuthEvent,
  AuthEvents,
  AuthorizationMiddleware,
  AuthorizationRules,
  authenticatedIdentity,
  GUEST,
} from '../../src/auth/index.ts';
import { createApplication, EventManager, json } from '../../src/index.ts';
import { basic, call, challenges, createAuthApp, useTemporaryFolder } from './support.ts';

const folder = useTemporaryFolder();

describe('EventManager', () => {
  it('calls listeners by priority, attach order among equals, and waits for each', async () => {
    const events = new EventManager();
    const heard: string[] = [];
    events.on('e', () => void heard.push('low'), -5);
    events.on('e', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      heard.push('first of 1');
    });
    events.on('e', () => void heard.push('second of 1'));
    events.on('e', () => void heard.push('high'), 10);
    await events.trigger('e', {});
    expect(heard).toEqual(['high', 'first of 1', 'second of 1', 'low']);
  });

  it('detaches, and says whether anyone listens', async () => {
    const events = new EventManager();
    expect(events.has('e')).toBe(false);
    const detach = events.on('e', () => {
      throw new Error('should be detached');
    });
    expect(events.has('e')).toBe(true);
    detach();
    expect(events.has('e')).toBe(false);
    await events.trigger('e', {});
  });

  it('is the one the application and its container share', () => {
    const { app, events } = createAuthApp(folder());
    expect(app.events).toBe(events);
    expect(createApplication().events).toBeInstanceOf(EventManager);
  });
});

describe('AuthorizationRules', () => {
  const rules = AuthorizationRules.fromConfig({
    Books: { entity: ['put', 'DELETE'], collection: ['POST'], actions: { export: ['GET'] } },
  });

  it('protects the named methods of each kind of URL, and nothing else', () => {
    expect(rules.requiresAuthentication('Books::entity', 'PUT')).toBe(true);
    expect(rules.requiresAuthentication('Books::entity', 'DELETE')).toBe(true);
    expect(rules.requiresAuthentication('Books::entity', 'GET')).toBe(false);
    expect(rules.requiresAuthentication('Books::collection', 'POST')).toBe(true);
    expect(rules.requiresAuthentication('Books::collection', 'DELETE')).toBe(false);
    expect(rules.requiresAuthentication('Books::export', 'GET')).toBe(true);
    expect(rules.requiresAuthentication('Other::entity', 'PUT')).toBe(false);
  });
});

describe('authorization in the pipeline', () => {
  it('lets guests through where no rule applies', async () => {
    const { app } = createAuthApp(folder());
    for (const [method, path] of [
      ['GET', '/books'],
      ['GET', '/books/1'],
      ['PATCH', '/books/1'],
      ['GET', '/stats'],
    ] as const) {
      const response = await call(app, path, { method });
      expect(response.status, `${method} ${path}`).toBe(200);
      expect((await response.json()).who).toBe('guest');
    }
  });

  it('asks guests to authenticate where a rule applies: REST and RPC alike', async () => {
    const { app } = createAuthApp(folder());
    for (const [method, path] of [
      ['POST', '/books'],
      ['PUT', '/books/1'],
      ['DELETE', '/books/1'],
      ['POST', '/stats'],
    ] as const) {
      const response = await call(app, path, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(challenges(response).map((c) => c.split(' ')[0])).toEqual([
        'Basic',
        'Digest',
        'Digest',
        'Bearer',
      ]);
    }
  });

  it('triggers the four events in order, with identity, resource, privilege and request', async () => {
    const { app, events } = createAuthApp(folder());
    const heard: string[] = [];
    const seen: Partial<AuthEvent>[] = [];
    for (const name of Object.values(AuthEvents)) {
      events.on<AuthEvent>(name, (event) => {
        heard.push(name);
        seen.push({ ...event, identity: event.identity });
      });
    }
    const response = await call(app, '/books/7', {
      method: 'PUT',
      headers: { authorization: basic('sha', 'secret-sha') },
    });
    expect(response.status).toBe(200);
    expect(heard).toEqual([
      'authentication',
      'authentication.post',
      'authorization',
      'authorization.post',
    ]);
    expect(seen[0]?.identity).toBe(GUEST);
    const authorization = seen[2] as AuthEvent;
    expect(authorization.identity).toMatchObject({ authenticated: true, name: 'sha' });
    expect(authorization.resource).toBe('Books::entity');
    expect(authorization.privilege).toBe('PUT');
    expect(authorization.request.url.pathname).toBe('/books/7');
    expect(authorization.authorized).toBe(true);
  });

  it('answers 403 when a listener denies an authenticated identity, 401 a guest', async () => {
    const { app, events } = createAuthApp(folder());
    events.on<AuthEvent>(AuthEvents.AUTHORIZATION, (event) => {
      if (event.privilege === 'PATCH' && !event.identity.hasRole('editor')) event.deny();
    });
    const denied = await call(app, '/books/1', {
      method: 'PATCH',
      headers: { authorization: basic('sha', 'secret-sha') },
    });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ status: 403, title: 'Forbidden' });
    const guest = await call(app, '/books/1', { method: 'PATCH' });
    expect(guest.status).toBe(401);
    const editor = await call(app, '/books/1', {
      method: 'PATCH',
      headers: { authorization: basic('apr1', 'secret-apr1') },
    });
    expect(editor.status).toBe(200);
  });

  it('lets an authentication listener supply the identity itself', async () => {
    const { app, events } = createAuthApp(folder());
    events.on<AuthEvent>(AuthEvents.AUTHENTICATION, (event) => {
      if (event.request.headers.get('x-api-key') === 'k')
        event.identity = authenticatedIdentity('robot');
    });
    const response = await call(app, '/books', { method: 'POST', headers: { 'x-api-key': 'k' } });
    expect(response.status).toBe(200);
    expect((await response.json()).who).toBe('robot');
  });

  it('refuses every request when piped before routing, and says where it belongs (fails closed)', async () => {
    const reported: unknown[] = [];
    const events = new EventManager();
    let judged = 0;
    events.on(AuthEvents.AUTHORIZATION, () => void judged++);
    const app = createApplication({ events, onError: (error) => void reported.push(error) });
    // Its own entry, ahead of the routing that names the resource the rules speak of.
    app.pipe(
      new AuthorizationMiddleware(
        new AuthorizationRules().require('books', ['POST']),
        new Authenticator([]),
        events,
      ),
    );
    app.post('/books', (_request, response) => json({ created: true }, response), 'books');
    const write = await app.handle(new Request('http://x/books', { method: 'POST' }));
    const read = await app.handle(new Request('http://x/books', { method: 'GET' }));
    expect([write.status, read.status]).toEqual([500, 500]);
    expect(judged).toBe(0);
    expect(String(reported[0])).toMatch(
      /AuthorizationMiddleware ran before routing[\s\S]*Pipe it after the routing middleware and before dispatch/,
    );
  });

  it('in-process, refuses every request while a rule names a resource no route serves, naming it', async () => {
    const { app } = createAuthApp(folder(), {
      authorization: { Bookz: { collection: ['POST'] }, Books: { entity: ['DELETE'] } },
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const responses = [
        await call(app, '/books', { method: 'POST' }),
        await call(app, '/books', { method: 'GET' }),
      ];
      expect(responses.map((response) => response.status)).toEqual([500, 500]);
      expect(await responses[0]?.text()).not.toContain('Bookz'); // details stay in the log
      expect(String(logged.mock.calls[0])).toContain(
        'authorization["Bookz"].collection protects "Bookz::collection", which no route serves: no route or REST resource is named "Bookz" (did you mean "Books"?)',
      );
    } finally {
      logged.mockRestore();
    }
  });

  it('lets the 404 of an unrouted path through untouched', async () => {
    const { app } = createAuthApp(folder());
    expect((await call(app, '/nowhere', { method: 'POST' })).status).toBe(404);
  });
});
