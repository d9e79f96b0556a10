import { HalResource } from 'hyperpipe/hal';
import { describe, expect, it } from 'vitest';

describe('HalResource.toJSON', () => {
  it('gives embedded resources as plain documents too, so JSON.stringify meets no class', () => {
    const talk = new HalResource({ id: 7 }, 'http://localhost/talk/7');
    const speaker = new HalResource({ id: 1 }, 'http://localhost/speaker/1')
      .embed('talks', [talk])
      .embed('best', talk);
    const document = speaker.toJSON();
    const embedded = document._embedded as { talks: object[]; best: object };
    expect(Object.getPrototypeOf(embedded.talks[0])).toBe(Object.prototype);
    expect(Object.getPrototypeOf(embedded.best)).toBe(Object.prototype);
    expect(embedded.best).toEqual({ _links: { self: { href: 'http://localhost/talk/7' } }, id: 7 });
    expect(JSON.stringify(document)).toBe(JSON.stringify(speaker));
  });

  it('keeps a state that has no reserved fields apart from the object it was given', () => {
    const state = { id: 1 };
    const resource = new HalResource(state);
    state.id = 2;
    expect(resource.state).toEqual({ id: 1 });
  });
});
