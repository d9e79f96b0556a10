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

// TODO: predict, before you configure rest.global.ts, what the configured API answers each
// request with: replace every '?' by the status and the media type of the answer (its
// Content-Type without parameters). Work each row out from the rules in the README's
// concepts, then run the check: it sends every request and compares. Leave the requests
// as they are: the check finds each row by its request.
export const predictions: Prediction[] = [
  {
    request: { method: 'GET', path: '/speaker/1', accept: '*/*' },
    status: '?',
    type: '?',
  },
  {
    request: { method: 'GET', path: '/speaker/1', accept: vendor },
    status: '?',
    type: '?',
  },
  {
    request: { method: 'GET', path: '/talk/1', accept: `application/json;q=0.5, ${vendor}` },
    status: '?',
    type: '?',
  },
  {
    request: {
      method: 'GET',
      path: '/talk/1',
      accept: 'application/hal+json;q=0.5, application/json',
    },
    status: '?',
    type: '?',
  },
  {
    request: { method: 'GET', path: '/speaker', accept: `${vendor};q=0` },
    status: '?',
    type: '?',
  },
  {
    request: { method: 'GET', path: '/speaker', accept: 'text/html' },
    status: '?',
    type: '?',
  },
  {
    request: { method: 'GET', path: '/speaker', accept: 'application/xml, */*;q=0.1' },
    status: '?',
    type: '?',
  },
  {
    request: { method: 'POST', path: '/speaker', contentType: 'text/plain', body: 'name=Ada' },
    status: '?',
    type: '?',
  },
  {
    request: {
      method: 'POST',
      path: '/speaker',
      contentType: 'application/hal+json',
      body: '{"name": "Ada"}',
    },
    status: '?',
    type: '?',
  },
  {
    request: { method: 'POST', path: '/speaker', contentType: vendor, body: '{"name": "Ada' },
    status: '?',
    type: '?',
  },
  {
    request: { method: 'POST', path: '/speaker', contentType: vendor, body: '{}' },
    status: '?',
    type: '?',
  },
  {
    request: {
      method: 'POST',
      path: '/speaker',
      accept: 'text/html',
      contentType: 'text/plain',
      body: 'name=Ada',
    },
    status: '?',
    type: '?',
  },
];
