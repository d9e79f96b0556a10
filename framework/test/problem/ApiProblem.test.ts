import { HttpError } from 'hyperpipe';
import { ApiProblem, validationProblem } from 'hyperpipe/problem';
import { describe, expect, it } from 'vitest';
import { statusType } from '../../src/problem/statusType.ts';

const RFC_9110 = 'https://www.rfc-editor.org/rfc/rfc9110#status.';

describe('ApiProblem', () => {
  it('is an HttpError, so the final handler still answers with its status', () => {
    const problem = new ApiProblem(404, 'Entity not found.');
    expect(problem).toBeInstanceOf(HttpError);
    expect(problem.status).toBe(404);
    expect(problem.message).toBe('Entity not found.');
  });

  it('renders type, title, status and detail', () => {
    const problem = new ApiProblem(409, 'Invalid page provided', {
      type: 'https://example.com/problems/page',
      title: 'Bad page',
    });
    expect(problem.toJSON()).toEqual({
      type: 'https://example.com/problems/page',
      title: 'Bad page',
      status: 409,
      detail: 'Invalid page provided',
    });
  });

  it('renders extensions next to the standard members', () => {
    const problem = new ApiProblem(403, 'No', { extensions: { balance: 30, accounts: ['a'] } });
    expect(problem.toJSON()).toMatchObject({ status: 403, balance: 30, accounts: ['a'] });
  });

  it('never lets an extension overwrite a standard member', () => {
    const problem = new ApiProblem(404, 'real detail', {
      extensions: { type: 'x', title: 'y', status: 200, detail: 'fake', extra: true },
    });
    expect(problem.toJSON()).toEqual({
      type: `${RFC_9110}404`,
      title: 'Not Found',
      status: 404,
      detail: 'real detail',
      extra: true,
    });
  });

  it.each([
    [400, 'Bad Request'],
    [405, 'Method Not Allowed'],
    [413, 'Payload Too Large'],
    [422, 'Unprocessable Entity'],
    [429, 'Too Many Requests'],
  ])('defaults the title of a %i to the reason phrase %s', (status, title) => {
    expect(new ApiProblem(status, 'x').title).toBe(title);
  });

  it.each([
    [400, `${RFC_9110}400`],
    [404, `${RFC_9110}404`],
    [405, `${RFC_9110}405`],
    [406, `${RFC_9110}406`],
    [409, `${RFC_9110}409`],
    [413, `${RFC_9110}413`],
    [415, `${RFC_9110}415`],
    [422, `${RFC_9110}422`],
    [500, `${RFC_9110}500`],
    [503, `${RFC_9110}503`],
    [428, 'https://www.rfc-editor.org/rfc/rfc6585#section-3'],
    [429, 'https://www.rfc-editor.org/rfc/rfc6585#section-4'],
    [431, 'https://www.rfc-editor.org/rfc/rfc6585#section-5'],
    [451, 'https://www.rfc-editor.org/rfc/rfc7725#section-3'],
    [418, 'about:blank'],
    [499, 'about:blank'],
  ])('defaults the type of a %i to %s', (status, type) => {
    expect(statusType(status)).toBe(type);
    expect(new ApiProblem(status, 'x').toJSON().type).toBe(type);
  });

  describe('toResponse', () => {
    it('has the status and the problem media type', async () => {
      const response = new ApiProblem(422, 'Failed Validation').toResponse();
      expect(response.status).toBe(422);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(await response.json()).toEqual({
        type: `${RFC_9110}422`,
        title: 'Unprocessable Entity',
        status: 422,
        detail: 'Failed Validation',
      });
    });

    it("carries the problem's own headers", () => {
      const problem = new ApiProblem(401, 'Unauthorized', {
        headers: { 'WWW-Authenticate': 'Basic realm="api"' },
      });
      expect(problem.toResponse().headers.get('www-authenticate')).toBe('Basic realm="api"');
    });

    it('keeps the headers passed in, but not their content type', () => {
      const response = new ApiProblem(404, 'x', { headers: { Vary: 'Accept' } }).toResponse({
        headers: { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/html' },
      });
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('vary')).toBe('Accept');
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    });

    it("lets the problem's headers win over passed ones of the same name", () => {
      const response = new ApiProblem(405, 'x', { headers: { Allow: 'GET' } }).toResponse({
        headers: { Allow: 'POST' },
      });
      expect(response.headers.get('allow')).toBe('GET');
    });
  });
});

describe('validationProblem', () => {
  it('is a 422 Failed Validation with the messages by field and rule', () => {
    const messages = { name: { isEmpty: 'Value is required' }, url: { uriInvalid: 'Bad URL' } };
    const problem = validationProblem(messages);
    expect(problem.toJSON()).toEqual({
      type: `${RFC_9110}422`,
      title: 'Unprocessable Entity',
      status: 422,
      detail: 'Failed Validation',
      validation_messages: messages,
    });
  });
});
