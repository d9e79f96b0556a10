import type { RestResourceConfig } from 'hyperpipe/rest';
import { z } from 'zod';
import type { ResourceSchemas } from './resourceSchemas.ts';

/** A HAL link (draft-kelly-json-hal, section 5). */
export const link = z
  .strictObject({
    href: z.string(),
    templated: z.boolean().optional(),
    type: z.string().optional(),
    deprecation: z.string().optional(),
    name: z.string().optional(),
    profile: z.string().optional(),
    title: z.string().optional(),
    hreflang: z.string().optional(),
  })
  .meta({ id: 'Link', description: 'A HAL link: its target in `href`, and what describes it.' });

/**
 * An entity of the `rest` entry as a collection lists it, or as another entity embeds it:
 * its links and its fields. Each relation the entry's `linked` names is a list of links,
 * one per related entity, present even when empty, wherever the entity appears.
 */
export function summaryOf(entry: RestResourceConfig, schemas: ResourceSchemas) {
  const links = z.strictObject({
    self: link,
    ...Object.fromEntries(
      Object.keys(entry.linked ?? {}).map((relation) => [relation, z.array(link)]),
    ),
    ...Object.fromEntries((schemas.links ?? []).map((relation) => [relation, link.optional()])),
  });
  return z.strictObject({ _links: links, ...stateOf(entry, schemas) });
}

/**
 * One entity of the `rest` entry: its summary, and the related entities the entry embeds,
 * which the resources return as lists, even empty ones.
 */
export function entityOf(
  entry: RestResourceConfig,
  summary: ReturnType<typeof summaryOf>,
  summaries: (kind: string) => z.ZodType,
) {
  const embedded = Object.entries(entry.embedded ?? {});
  if (embedded.length === 0) return summary;
  return summary.extend({
    _embedded: z.strictObject(
      Object.fromEntries(embedded.map(([field, kind]) => [field, z.array(summaries(kind))])),
    ),
  });
}

/**
 * The fields of an entity: those of the body, always present (null when unset), less the
 * ones the entry embeds, links or hides, with the resource's own fields over them.
 */
function stateOf(entry: RestResourceConfig, schemas: ResourceSchemas): z.ZodRawShape {
  const notState = new Set([
    ...Object.keys(entry.embedded ?? {}),
    ...Object.keys(entry.linked ?? {}),
    ...(entry.hidden ?? []),
  ]);
  const fields = Object.entries(schemas.input.required().shape).filter(
    ([field]) => !notState.has(field) && !(field in schemas.state),
  );
  return { ...schemas.state, ...Object.fromEntries(fields) };
}

/** A page of the collection: links to its neighbours, the page's entities and the counts. */
export function collectionOf(entry: RestResourceConfig, summary: z.ZodType) {
  // registerResource's defaults: the last path segment, 25 a page.
  const name = entry.collectionName ?? entry.path.split('/').at(-1) ?? '';
  const pageSize = entry.pageSize ?? 25;
  const page = z.int().nonnegative();
  return z.strictObject({
    _links: z.strictObject({
      self: link,
      first: link.optional(),
      prev: link.optional(),
      next: link.optional(),
      last: link.optional(),
    }),
    count: z.int().min(0).max(pageSize).meta({ description: 'Entities on this page.' }),
    total: page.meta({ description: 'Entities in the whole collection.' }),
    page: page.meta({ description: 'This page, from 1; 0 when the collection is empty.' }),
    page_count: page,
    page_size: z.literal(pageSize),
    _embedded: z.strictObject({ [name]: z.array(summary).max(pageSize) }),
  });
}
