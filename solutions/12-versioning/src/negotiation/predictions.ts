/**
 * What the API answers each of these requests with, predicted before the check sends them.
 * The check finds each row by its request and compares the prediction with the answer.
 */

/** A request as the check sends it: no header is sent when it is left out. */
export interface PredictedRequest {
  method: 'GET' | 'POST';
  path: string;
  /** The `Accept` header. */
  accept?: string;
  /** The `Content-Type` header of the body. */
  contentType?: string;
  body?: string;
}

/** The media types this API answers with, without parameters such as `charset`. */
export type AnswerType =
  | 'application/hal+json'
  | 'application/json'
  | 'application/vnd.conference.v1+json'
  | 'application/problem+json';

/** One row of the table: a request, and the answer predicted for it (`'?'`: not yet). */
export interface Prediction {
  request: PredictedRequest;
  status: number | '?';
  type: AnswerType | '?';
}

const vendor = 'application/vnd.conference.v1+json';

export const predictions: Prediction[] = [
  {
    request: { method: 'GET', path: '/speaker/1', accept: '*/*' },
    status: 200,
    type: 'application/hal+json',
  },
  {
    request: { method: 'GET', path: '/speaker/1', accept: vendor },
    status: 200,
    type: 'application/vnd.conference.v1+json',
  },
  {
    request: { method: 'GET', path: '/talk/1', accept: `application/json;q=0.5, ${vendor}` },
    status: 200,
    type: 'application/vnd.conference.v1+json',
  },
  {
    request: {
      method: 'GET',
      path: '/talk/1',
      accept: 'application/hal+json;q=0.5, application/json',
    },
    status: 200,
    type: 'application/json',
  },
  {
    request: { method: 'GET', path: '/speaker', accept: `${vendor};q=0` },
    status: 406,
    type: 'application/problem+json',
  },
  {
    request: { method: 'GET', path: '/speaker', accept: 'text/html' },
    status: 406,
    type: 'application/problem+json',
  },
  {
    request: { method: 'GET', path: '/speaker', accept: 'application/xml, */*;q=0.1' },
    status: 200,
    type: 'application/hal+json',
  },
  {
    request: { method: 'POST', path: '/speaker', contentType: 'text/plain', body: 'name=Ada' },
    status: 415,
    type: 'application/problem+json',
  },
  {
    request: {
      method: 'POST',
      path: '/speaker',
      contentType: 'application/hal+json',
      body: '{"name": "Ada"}',
    },
    status: 415,
    type: 'application/problem+json',
  },
  {
    request: { method: 'POST', path: '/speaker', contentType: vendor, body: '{"name": "Ada' },
    status: 400,
    type: 'application/problem+json',
  },
  {
    request: { method: 'POST', path: '/speaker', contentType: vendor, body: '{}' },
    status: 422,
    type: 'application/problem+json',
  },
  {
    request: {
      method: 'POST',
      path: '/speaker',
      accept: 'text/html',
      contentType: 'text/plain',
      body: 'name=Ada',
    },
    status: 406,
    type: 'application/problem+json',
  },
];
