import { Ajv2020 } from 'ajv/dist/2020.js';

/** The parts of an OpenAPI document the checks read. */
export interface Document {
  paths: Record<string, Record<string, Operation>>;
}

interface Operation {
  parameters?: { name: string; in: string; schema?: object }[];
  responses: Record<string, { headers?: Record<string, { required?: boolean }>; content?: object }>;
}

/** A request as it was sent, and what came back. */
export interface Exchange {
  method: string;
  /** The path and query sent. */
  path: string;
  status: number;
  headers: Headers;
  /** The body as text. */
  text: string;
}

/** Where an exchange sits in the document: an operation, a path without the method, or nothing. */
type Found =
  | { operation: Operation; template: string; method: string }
  | { methods: string[]; template: string }
  | undefined;

/**
 * Checks real answers against an OpenAPI document. Each answer's request finds its
 * operation (path template, with the parameters' patterns, and method); its status must be
 * one the operation lists, its content type one the status lists, its body valid against
 * that schema (ajv, JSON Schema 2020-12, the dialect of OpenAPI 3.1), its required headers
 * present. A path the document lacks must answer the 404 problem; a method it lacks on a
 * path it has, the 405 problem listing the document's methods (or the 401 problem first,
 * when authorization asks for credentials before the resource refuses the method).
 */
export class OpenApiTruth {
  readonly #document: Document;
  readonly #ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  readonly #compiled = new Map<string, ReturnType<Ajv2020['compile']>>();
  /** `METHOD template` of each operation some exchange got a 2xx from. */
  readonly succeeded = new Set<string>();

  /** @param document - the document, as served */
  constructor(document: Document) {
    this.#document = document;
    this.#ajv.addSchema(document as object, 'openapi');
  }

  /** `METHOD template` of every operation of the document. */
  get operations(): string[] {
    return Object.entries(this.#document.paths).flatMap(([template, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${template}`),
    );
  }

  /** What is wrong with one exchange, in words; nothing when the document describes it. */
  check(exchange: Exchange): string[] {
    const label = `${exchange.method} ${exchange.path} → ${exchange.status}`;
    const found = this.#find(exchange.method, new URL(exchange.path, 'http://api').pathname);
    if (found === undefined) {
      return exchange.status === 404
        ? this.#validate(label, '/components/schemas/Problem', JSON.parse(exchange.text))
        : [`${label}: the document has no such path, so the answer must be 404`];
    }
    if (!('operation' in found)) return this.#methodNotDescribed(label, exchange, found.methods);
    const pointer = `/paths/${token(found.template)}/${found.method}/responses/${exchange.status}`;
    const response = found.operation.responses[String(exchange.status)];
    if (response === undefined) {
      const listed = Object.keys(found.operation.responses).join(', ');
      return [`${label}: ${found.template} lists ${listed}, not ${exchange.status}`];
    }
    if (exchange.status < 300) {
      this.succeeded.add(`${exchange.method} ${found.template}`);
    }
    const missing = Object.entries(response.headers ?? {})
      .filter(([name, header]) => header.required && !exchange.headers.has(name))
      .map(([name]) => `${label}: no ${name} header`);
    return [...missing, ...this.#checkContent(label, pointer, response.content, exchange)];
  }

  #checkContent(
    label: string,
    pointer: string,
    content: object | undefined,
    exchange: Exchange,
  ): string[] {
    if (content === undefined) {
      return exchange.text === '' ? [] : [`${label}: the document says no body, but one came`];
    }
    const type = (exchange.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (!(type in content)) {
      return [`${label}: content type ${type} is not among ${Object.keys(content).join(', ')}`];
    }
    const body = /json/.test(type) ? JSON.parse(exchange.text) : exchange.text;
    return this.#validate(label, `${pointer}/content/${token(type)}/schema`, body);
  }

  #methodNotDescribed(label: string, exchange: Exchange, methods: string[]): string[] {
    const problem = this.#validate(label, '/components/schemas/Problem', JSON.parse(exchange.text));
    if (exchange.status === 401) return problem;
    if (exchange.status !== 405) {
      return [`${label}: the document has no ${exchange.method} here, so the answer must be 405`];
    }
    const allowed = (exchange.headers.get('allow') ?? '')
      .split(',')
      .map((method) => method.trim())
      .filter((method) => method !== 'HEAD' && method !== 'OPTIONS');
    const documented = methods.map((method) => method.toUpperCase());
    return allowed.sort().join() === documented.sort().join()
      ? problem
      : [...problem, `${label}: Allow lists ${allowed}, the document ${documented}`];
  }

  #find(method: string, pathname: string): Found {
    for (const [template, item] of Object.entries(this.#document.paths)) {
      const names: string[] = [];
      const source = template.replace(/\{(\w+)\}|[^{]+/g, (part, name?: string) => {
        if (name === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
        names.push(name);
        return '([^/]+)';
      });
      const values = new RegExp(`^${source}$`).exec(pathname)?.slice(1);
      if (values === undefined) continue;
      const operations = Object.entries(item);
      const [, any] = operations[0] ?? [];
      // A value its parameter's schema refuses (`/speaker/abc`) is not this path.
      const fits = names.every((name, index) => {
        const parameter = any?.parameters?.find((p) => p.in === 'path' && p.name === name);
        return (
          parameter?.schema === undefined ||
          this.#ajv.validate(parameter.schema, pathValue(parameter.schema, values[index] ?? ''))
        );
      });
      if (!fits) continue;
      const operation = item[method.toLowerCase()];
      return operation
        ? { operation, template, method: method.toLowerCase() }
        : { methods: Object.keys(item), template };
    }
    return undefined;
  }

  #validate(label: string, pointer: string, value: unknown): string[] {
    let validate = this.#compiled.get(pointer);
    if (validate === undefined) {
      validate = this.#ajv.compile({ $ref: `openapi#${pointer}` });
      this.#compiled.set(pointer, validate);
    }
    if (validate(value)) return [];
    return [
      `${label}: the body does not match ${pointer}: ${this.#ajv.errorsText(validate.errors)}`,
    ];
  }
}

/**
 * A path segment as its parameter's schema reads it: digits written as a number writes
 * them are a number to an integer schema (`7`, not `07` nor `7.0`), anything else stays text.
 */
function pathValue(schema: object, segment: string): unknown {
  const integer = (schema as { type?: unknown }).type === 'integer';
  return integer && /^-?\d+$/.test(segment) && String(Number(segment)) === segment
    ? Number(segment)
    : segment;
}

/** A JSON pointer token (RFC 6901), encoded for a URI fragment. */
function token(value: string): string {
  return encodeURIComponent(value.replaceAll('~', '~0').replaceAll('/', '~1'));
}
