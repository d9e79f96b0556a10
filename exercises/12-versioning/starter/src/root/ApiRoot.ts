import {
  json,
  type MiddlewareInterface,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';
import { HAL_MEDIA_TYPE, HalResource, type Link } from 'hyperpipe/hal';
import type { Router } from 'hyperpipe/router';

/**
 * A link of the root: the named route it leads to and, for a URI template, the query
 * parameters a client may fill in. A route with `{placeholders}` in its path is a template
 * by itself: `/v1/speaker/{speaker_id}`.
 */
export interface RootLink {
  /** The route's name. */
  route: string;
  /** Query parameters of the template, such as `['page']` for `/v1/speaker{?page}`. */
  query?: readonly string[];
  /** What the link leads to, for people. */
  title?: string;
  /** The media type at the end of the link. */
  type?: string;
}

/**
 * The API root, `GET /` for HAL and JSON clients (browsers get the explorer there): the
 * one URL a client needs. It links to every collection, to any entity by a URI template
 * (RFC 6570), to the time zone service, the token endpoint and the API description, so a
 * client follows relations instead of building URLs.
 */
export class ApiRoot implements MiddlewareInterface {
  readonly #router: Router;
  readonly #links: Readonly<Record<string, RootLink>>;

  /**
   * Creates the root.
   *
   * @param router - the router, whose named routes the links lead to
   * @param links - relation name → the link
   */
  constructor(router: Router, links: Readonly<Record<string, RootLink>>) {
    this.#router = router;
    this.#links = links;
  }

  /** Answers with the root's links, for this request's origin and mount prefix. */
  process(request: ServerRequest, response: ResponsePrototype): Response {
    const base = `${request.origin}${request.basePath}`;
    const root = new HalResource();
    for (const [relation, link] of Object.entries(this.#links)) {
      root.addLink(relation, this.#link(base, link));
    }
    return json(root.toJSON(), response, HAL_MEDIA_TYPE);
  }

  #link(base: string, { route, query, title, type }: RootLink): Link {
    const path = this.#router.routes.find((candidate) => candidate.name === route)?.path;
    if (path === undefined) {
      throw new Error(`The API root links to the route "${route}", which is not registered`);
    }
    const template = query?.length ? `{?${query.join(',')}}` : '';
    const link: Link = { href: `${base}${path}${template}` };
    if (template || path.includes('{')) link.templated = true;
    if (title) link.title = title;
    if (type) link.type = type;
    return link;
  }
}
