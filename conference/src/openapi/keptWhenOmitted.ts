/**
 * The schema metadata of a body field that a PUT keeps when the body leaves it out: a field
 * the representation shows only as a link, which a client editing what it read never
 * sends. A version 2 speaker's `twitter` is one: its `rest` entry hides it, and the REST
 * layer keeps hidden fields a PUT leaves out. A talk's `speakers` is another: the resource
 * keeps the links a PUT does not list. Every other field a PUT leaves out becomes null. In
 * the OpenAPI document it is `x-kept-when-omitted`, which the explorer reads before it
 * warns that a PUT drops a field.
 */
export const KEPT_WHEN_OMITTED = {
  description: 'Kept as it is when a PUT leaves it out.',
  'x-kept-when-omitted': true,
} as const;
