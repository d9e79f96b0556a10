import { type Attribute, attribute } from '../http/Attribute.ts';
import type { RouteResult } from '../router/RouteResult.ts';

/** The request attribute under which the routing middleware stores its {@link RouteResult}. */
export const ROUTE_RESULT: Attribute<RouteResult> = attribute<RouteResult>('hyperpipe.routeResult');
