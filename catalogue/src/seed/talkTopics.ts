/**
 * A subject a talk can be about, with the phrases its title and abstract are built from.
 *
 * The phrases are written to fit the sentence templates in `abstractSentences.ts`,
 * so each one must read well after words such as "runs into" or "leave with".
 */
export interface TalkTopic {
  /** A noun phrase naming the subject, as written mid-sentence: `'HTTP caching'`. */
  readonly subject: string;
  /** A pain the audience will recognise, as a noun phrase. */
  readonly problem: string;
  /** What the talk demonstrates, as a noun phrase. */
  readonly practice: string;
  /** What the audience takes home, as a noun phrase. */
  readonly outcome: string;
  /** Hand-written titles for this subject, used alongside the generated ones. */
  readonly titles: readonly string[];
}

/** Every subject of the conference's talks. */
export const TALK_TOPICS: readonly TalkTopic[] = [
  {
    subject: 'HTTP caching',
    problem: 'responses that are stale in one browser and fresh in another',
    practice: 'Cache-Control directives, validators and the Vary header',
    outcome: 'a short checklist for the caching headers of every new endpoint',
    titles: ['Cache-Control for people who skipped the RFC'],
  },
  {
    subject: 'conditional requests',
    problem: 'two clients silently overwriting each other’s changes',
    practice: 'ETags, If-Match and If-None-Match',
    outcome: 'a recipe for optimistic concurrency that fits in one middleware',
    titles: ['ETags: the lost update problem, solved in one header'],
  },
  {
    subject: 'content negotiation',
    problem: 'one endpoint that has to serve HTML, JSON and CSV',
    practice: 'the Accept header, quality values and the 406 status',
    outcome: 'a clear rule for when to negotiate and when to use separate URLs',
    titles: ['Accept: text/html, application/json;q=0.9'],
  },
  {
    subject: 'hypermedia controls',
    problem: 'clients that hard-code every URL and break on each release',
    practice: 'links and forms in responses that tell clients what they can do next',
    outcome: 'a way to evolve an API without coordinating every client release',
    titles: ['Follow your nose: building clients that read links'],
  },
  {
    subject: 'HAL and JSON:API',
    problem: 'a dozen home-grown conventions for embedding related resources',
    practice: 'a side-by-side comparison of HAL, JSON:API and Siren',
    outcome: 'a reasoned choice of hypermedia format for your next project',
    titles: ['_links, _embedded & friends: a tour of hypermedia formats'],
  },
  {
    subject: 'API versioning',
    problem: 'a v2 that nobody migrates to and a v1 nobody dares to switch off',
    practice: 'additive change, deprecation headers and sunset dates',
    outcome: 'a versioning policy your clients will actually understand',
    titles: ["Don't version your API (yet)"],
  },
  {
    subject: 'pagination',
    problem: 'offset pages that skip and repeat rows while data changes',
    practice: 'offset, cursor and keyset pagination, with next and prev links',
    outcome: 'a pagination design that stays correct under concurrent writes',
    titles: ['Page 2 of ∞: pagination that survives concurrent writes'],
  },
  {
    subject: 'problem details',
    problem: 'error responses whose shape differs on every endpoint',
    practice: 'RFC 9457 problem details and consistent validation errors',
    outcome: 'an error format that clients can parse and humans can read',
    titles: ['400 ways to say “bad request”'],
  },
  {
    subject: 'idempotency keys',
    problem: 'a retried payment request that charges the customer twice',
    practice: 'idempotency keys, safe retries and the semantics of PUT',
    outcome: 'a design for retry-safe writes that survives a flaky network',
    titles: ['Exactly once is a lie; idempotent is enough'],
  },
  {
    subject: 'rate limiting',
    problem: 'one enthusiastic client taking the whole service down',
    practice: 'token buckets, the RateLimit headers and the 429 status',
    outcome: 'a fair rate-limiting scheme that tells clients when to come back',
    titles: ['429 Too Many Requests, and how to say it politely'],
  },
  {
    subject: 'OAuth 2 and OpenID Connect',
    problem: 'access tokens pasted into logs, URLs and chat messages',
    practice: 'the authorization code flow with PKCE and short-lived tokens',
    outcome: 'a mental model of OAuth that fits on a single diagram',
    titles: ['OAuth without the hand-waving'],
  },
  {
    subject: 'CORS',
    problem: 'preflight requests failing only in production',
    practice: 'the preflight exchange, credentialed requests and safe defaults',
    outcome: 'the confidence to configure CORS without a wildcard',
    titles: ['Access-Control-Allow-Origin: *, and other confessions'],
  },
  {
    subject: 'HTTP/2 and HTTP/3',
    problem: 'performance advice written for HTTP/1.1 that now makes things slower',
    practice: 'multiplexing, header compression and QUIC connection migration',
    outcome: 'a list of HTTP/1.1 habits you can finally drop',
    titles: ['Unlearning HTTP/1.1'],
  },
  {
    subject: 'webhooks',
    problem: 'events that arrive twice, out of order or not at all',
    practice: 'signed payloads, retries with back-off and replay protection',
    outcome: 'a webhook design that both senders and receivers can trust',
    titles: ['Webhooks: a distributed system you ship to strangers'],
  },
  {
    subject: 'server-sent events',
    problem: 'a polling loop that hammers the API every second',
    practice: 'streaming updates with server-sent events over plain HTTP',
    outcome: 'a simple path to live updates without a WebSocket stack',
    titles: ['text/event-stream: real time for the rest of us'],
  },
  {
    subject: 'OpenAPI',
    problem: 'API documentation that drifts from the code within a week',
    practice: 'generating OpenAPI documents from types and validating against them',
    outcome: 'a workflow in which the documentation cannot lie',
    titles: ['Your OpenAPI document is a test suite in disguise'],
  },
  {
    subject: 'TypeScript type narrowing',
    problem: 'type assertions that hide bugs instead of catching them',
    practice: 'discriminated unions, type guards and exhaustive switches',
    outcome: 'fewer `as` casts and more errors found at compile time',
    titles: ['Stop lying to the compiler'],
  },
  {
    subject: 'async error handling',
    problem: 'unhandled promise rejections that crash the process in the middle of the night',
    practice: 'structured error handling with async functions and AbortSignal',
    outcome: 'a small set of rules for promises that never get lost',
    titles: ['Promise<void> is not a plan'],
  },
  {
    subject: 'runtime validation',
    problem: 'request bodies whose types exist only in the programmer’s imagination',
    practice: 'parsing untrusted input at the edge into well-typed values',
    outcome: 'one place where untrusted data becomes trusted types',
    titles: ['Validated once, trusted everywhere'],
  },
  {
    subject: 'monorepos with npm workspaces',
    problem: 'a build that takes longer than the coffee break',
    practice: 'npm workspaces, project references and incremental builds',
    outcome: 'a monorepo layout that scales past the first dozen packages',
    titles: ['One repository, forty packages, zero tears'],
  },
  {
    subject: 'middleware pipelines',
    problem: 'request handling scattered across a tangle of callbacks',
    practice: 'composing small middleware functions into a readable pipeline',
    outcome: 'a pipeline design that keeps cross-cutting concerns in one place',
    titles: ['next(): the most important function in your server'],
  },
  {
    subject: 'routing',
    problem: 'routes that match in an order nobody can predict',
    practice: 'radix-tree routers, route constraints and URI templates',
    outcome: 'an understanding of what your router does on every request',
    titles: ['How a router finds your handler in a microsecond'],
  },
  {
    subject: 'SQLite on the server',
    problem: 'the belief that a real application needs a database server',
    practice: 'write-ahead logging, backups and a single-writer design',
    outcome: 'a realistic picture of where SQLite shines and where it does not',
    titles: ['SQLite is enough (until it isn’t)'],
  },
  {
    subject: 'PostgreSQL indexes',
    problem: 'a query that was fast in staging and takes seconds in production',
    practice: 'reading query plans and choosing between B-tree, GIN and partial indexes',
    outcome: 'the habit of reading a query plan before adding an index',
    titles: ['EXPLAIN ANALYZE like you mean it'],
  },
  {
    subject: 'database migrations',
    problem: 'a schema change that locks the busiest table for ten minutes',
    practice: 'expand-and-contract migrations and backfills that run in batches',
    outcome: 'a migration playbook for changes without downtime',
    titles: ['ALTER TABLE without fear'],
  },
  {
    subject: 'transactions and isolation levels',
    problem: 'race conditions that only appear under real traffic',
    practice: 'isolation levels, row locks and retrying serialisation failures',
    outcome: 'a clear sense of which isolation level your code relies on',
    titles: ['READ COMMITTED and other comforting lies'],
  },
  {
    subject: 'many-to-many relationships',
    problem: 'join tables that grow duplicate rows and orphaned links',
    practice: 'composite keys, cascading deletes and the right indexes',
    outcome: 'a link-table design the database itself keeps consistent',
    titles: ['Speakers & talks: modelling many-to-many the careful way'],
  },
  {
    subject: 'observability',
    problem: 'dashboards full of green lights while users cannot log in',
    practice: 'structured logs, traces and the RED metrics for HTTP services',
    outcome: 'the three signals worth instrumenting in every HTTP service',
    titles: ['Logs are not enough'],
  },
  {
    subject: 'contract testing',
    problem: 'integration tests that pass on both sides of a broken API',
    practice: 'consumer-driven contracts and property-based testing of handlers',
    outcome: 'a testing strategy that catches breaking changes before release',
    titles: ['Green tests, broken API'],
  },
  {
    subject: 'performance benchmarking',
    problem: 'benchmarks that measure the benchmark rather than the server',
    practice: 'load generation, percentiles and honest comparisons between frameworks',
    outcome: 'the skills to read a benchmark chart with healthy suspicion',
    titles: ['Requests per second is a vanity metric'],
  },
  {
    subject: 'web accessibility',
    problem: 'interfaces that work with a mouse and fail with everything else',
    practice: 'semantic HTML, focus management and testing with a screen reader',
    outcome: 'a short list of checks to run before every release',
    titles: ['<div> is not a button'],
  },
  {
    subject: 'progressive enhancement',
    problem: 'a single-page app that shows a blank screen when one script fails',
    practice: 'server-rendered HTML enhanced with small, optional scripts',
    outcome: 'a way to build pages that work before the JavaScript arrives',
    titles: ['HTML first, JavaScript when it helps'],
  },
  {
    subject: 'internationalisation',
    problem: 'names, dates and sort orders that break outside one locale',
    practice: 'Unicode normalisation, the Intl APIs and locale-aware collation',
    outcome: 'a checklist for text that works in every script',
    titles: ['Your name field is too short'],
  },
];
