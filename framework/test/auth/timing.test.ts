import md5 from 'apache-md5';
import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { Htpasswd } from '../../src/auth/blocks.ts';

/*
 * Timing is noisy on a shared machine, so these compare medians of interleaved samples with a
 * wide tolerance: before every call cost the same, a wrong Apache MD5 password answered about
 * fifty times faster than an unknown user (1.6 ms against 77 ms on the demo file).
 */

const users = Htpasswd.parse(
  [
    `bcrypt:${bcrypt.hashSync('secret-bcrypt', 8)}`,
    `apr1:${md5('secret-apr1')}`,
    `sha:{SHA}${Buffer.from('not-a-real-digest-0000').toString('base64')}`,
  ].join('\n'),
);

async function medians(names: readonly string[], runs: number): Promise<Record<string, number>> {
  const samples: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let run = 0; run < runs; run++) {
    for (const name of names) {
      const started = performance.now();
      await users.verify(name, `guess-${run}`);
      samples[name]?.push(performance.now() - started);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
  return Object.fromEntries(names.map((name) => [name, median(samples[name] ?? [])]));
}

describe('the time a Basic password check takes', () => {
  it('is the same for an unknown user and a wrong password, whatever the hash format', async () => {
    const time = await medians(['nobody', 'bcrypt', 'apr1', 'sha'], 21);
    for (const name of ['bcrypt', 'apr1', 'sha']) {
      const ratio = (time[name] ?? 0) / (time.nobody ?? 1);
      expect(ratio, `${name} against an unknown user: ${JSON.stringify(time)}`).toBeGreaterThan(
        0.5,
      );
      expect(ratio, `${name} against an unknown user: ${JSON.stringify(time)}`).toBeLessThan(2);
    }
  });

  it('is the same for a wrong password tried again as for a new one: no answer is remembered wrong', async () => {
    const samples: Record<string, number[]> = { again: [], fresh: [] };
    await users.verify('bcrypt', 'typo');
    for (let run = 0; run < 15; run++) {
      for (const [name, password] of [
        ['again', 'typo'],
        ['fresh', `typo-${run}`],
      ] as const) {
        const started = performance.now();
        await users.verify('bcrypt', password);
        samples[name]?.push(performance.now() - started);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
    const [again, fresh] = [median(samples.again ?? []), median(samples.fresh ?? [])];
    // Before, the wrong answer was kept for a minute: tried again, it came back at once.
    expect(again / fresh, JSON.stringify({ again, fresh })).toBeGreaterThan(0.5);
  });

  it('still tells right from wrong, and never lets one user in with another’s password', async () => {
    expect(await users.verify('bcrypt', 'secret-bcrypt')).toBe(true);
    expect(await users.verify('apr1', 'secret-apr1')).toBe(true);
    expect(await users.verify('apr1', 'secret-bcrypt')).toBe(false);
    expect(await users.verify('nobody', 'secret-bcrypt')).toBe(false);
  });
});
