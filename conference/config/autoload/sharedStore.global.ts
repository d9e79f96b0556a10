// Several machines behind a load balancer must share what authentication remembers: the
// OAuth2 tokens, the failure counts and the Digest nonce counts. CONFERENCE_REDIS_URL names
// the Redis server they share (authentication.store); without it each process keeps its
// own, as one machine needs, and this file adds nothing.
//
// Every machine must also sign Digest nonces with the same key, or a nonce from one is
// stale on the next: CONFERENCE_DIGEST_KEY (authentication.digest.key), at least 32 random
// characters, kept out of git. With a store and no key the server refuses to start and
// says so: a key made up here would differ from machine to machine.
//
// An `authentication.local.ts` can say the same without the environment:
//   export default {
//     authentication: {
//       store: { redis: 'redis://:password@10.0.0.5:6379/0' },
//       digest: { key: 'the same 32 or more random characters on every machine' },
//     },
//   };
const redis = process.env.CONFERENCE_REDIS_URL || undefined;
const digestKey = process.env.CONFERENCE_DIGEST_KEY || undefined;

export default {
  authentication: {
    ...(redis === undefined ? {} : { store: { redis } }),
    ...(digestKey === undefined ? {} : { digest: { key: digestKey } }),
  },
};
