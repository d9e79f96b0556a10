import { describe, expect, it } from 'vitest';
import { authConfigProvider } from '../../src/auth/index.ts';
import { mergeConfig } from '../../src/config/mergeConfig.ts';
import { Application, createContainer, EventManager } from '../../src/index.ts';

/**
 * createContainer registers the core's services only; authentication arrives through its
 * config provider, and its configuration without the provider refuses to start rather than
 * go unread.
 */

const ADD_PROVIDER =
  "add the config provider of hyperpipe/auth to the configuration, such as a file config/autoload/providers.global.ts holding import { authConfigProvider } from 'hyperpipe/auth'; export default authConfigProvider();";

describe('createContainer', () => {
  it('registers the application and the EventManager it shares, and no authentication', () => {
    const container = createContainer({});
    expect(container.get(Application).events).toBe(container.get('EventManager'));
    expect(container.get('EventManager')).toBeInstanceOf(EventManager);
    expect(container.has('AuthenticationMiddleware')).toBe(false);
    expect(container.has('RouteGuard')).toBe(false);
  });

  it.each([
    ['authentication', { authentication: { realm: 'api' } }, 'Authenticator'],
    ['authorization', { authorization: { Books: { entity: ['DELETE'] } } }, 'RouteGuard'],
  ])(
    'refuses "%s" configured without the auth config provider, naming what to add',
    (key, config, service) => {
      expect(() => createContainer(config)).toThrow(
        `"${key}" is configured, but no "${service}" service reads it: ${ADD_PROVIDER}`,
      );
    },
  );

  it('builds the authentication services once the provider is in the configuration', () => {
    const container = createContainer(
      mergeConfig(authConfigProvider(), {
        authentication: { realm: 'api' },
        authorization: { Books: { entity: ['DELETE'] } },
      }),
    );
    expect(container.has('AuthenticationMiddleware')).toBe(true);
    expect(container.get('RouteGuard')).toEqual(expect.any(Function));
  });

  it("lets the application's own factories replace the provider's", () => {
    const guard = () => undefined;
    const container = createContainer(
      mergeConfig(authConfigProvider(), {
        authorization: {},
        dependencies: { factories: { RouteGuard: () => guard } },
      }),
    );
    expect(container.get('RouteGuard')).toBe(guard);
  });

  it.each([
    ['authorisation', 'authorization'],
    ['Authorization', 'authorization'],
    ['authentification', 'authentication'],
  ])('refuses the misspelt key "%s", which nothing would read, naming "%s"', (key, meant) => {
    const config = mergeConfig(authConfigProvider(), {
      [key]: { Books: { entity: ['DELETE'] } },
    });
    expect(() => createContainer(config)).toThrow(
      `Unknown configuration key "${key}" (did you mean "${meant}"?): nothing reads it`,
    );
  });

  it("leaves the application's own keys alone", () => {
    const config = {
      routes: [],
      middleware_pipeline: [],
      rest: {},
      versioning: {},
      database: {},
      hal: {},
      negotiation: {},
      debug: true,
      authentication_log: {},
    };
    expect(() => createContainer(config)).not.toThrow();
  });
});
