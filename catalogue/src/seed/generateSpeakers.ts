import type { Speaker } from '../speaker.ts';
import { latinSpelling, nativeSpelling } from './latinSpelling.ts';
import { NAME_POOLS, type NamePart, type NamePool } from './namePools.ts';
import type { SeededRandom } from './seededRandom.ts';
import { upperFirst } from './textCase.ts';

// Not every speaker has a web site or a Twitter account: the API must cope with NULLs.
const WEBSITE_PROBABILITY = 0.75;
const TWITTER_PROBABILITY = 0.65;

// Twitter itself allows at most 15 characters after the "@".
const HANDLE_MAX_LENGTH = 15;

interface DealtName {
  pool: NamePool;
  given: NamePart;
  family: NamePart;
}

/**
 * Invents the conference's speakers, with ids from 1 upwards.
 *
 * Each pool contributes its share of speakers; shuffling them all afterwards mixes the
 * traditions so that neighbouring ids do not all come from the same one.
 *
 * @param random - the seeded generator; the same state gives the same speakers
 */
export function generateSpeakers(random: SeededRandom): Speaker[] {
  const names = random.shuffle(NAME_POOLS.flatMap((pool) => dealNames(pool, random)));
  const usedUrls = new Set<string>();
  const usedHandles = new Set<string>();
  return names.map((dealt, index) => ({
    id: index + 1,
    name: fullName(dealt),
    url: random.chance(WEBSITE_PROBABILITY) ? website(dealt, random, usedUrls) : null,
    twitter: random.chance(TWITTER_PROBABILITY) ? handle(dealt, random, usedHandles) : null,
  }));
}

// Deals given and family names like cards, so that no two speakers share either part
// of their name within a pool.
function dealNames(pool: NamePool, random: SeededRandom): DealtName[] {
  if (pool.givenNames.length < pool.speakers || pool.familyNames.length < pool.speakers) {
    throw new Error(`The ${pool.label} name pool is too small for ${pool.speakers} speakers`);
  }
  const givenNames = random.shuffle(pool.givenNames);
  const familyNames = random.shuffle(pool.familyNames);
  return Array.from({ length: pool.speakers }, (_, i) => ({
    pool,
    given: givenNames[i] as NamePart,
    family: familyNames[i] as NamePart,
  }));
}

function fullName({ pool, given, family }: DealtName): string {
  const parts = pool.familyFirst ? [family, given] : [given, family];
  return parts.map(nativeSpelling).join(pool.separator);
}

/** Lower-case ASCII words joined by hyphens: `"O'Connell"` → `oconnell`, `Thị Mai` → `thi-mai`. */
function slug(part: NamePart): string {
  return latinSpelling(part)
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function compact(slugged: string): string {
  return slugged.replace(/-/g, '');
}

// Every address uses a domain reserved for examples (RFC 2606), so no link leads to a real site.
function website({ given, family }: DealtName, random: SeededRandom, used: Set<string>): string {
  const g = slug(given);
  const f = slug(family);
  const styles = [
    `https://${g}-${f}.example/`,
    `https://www.${compact(f)}.example/about`,
    `https://example.org/~${compact(g)}`,
    `https://${g}.example.net/talks`,
    `https://blog.${compact(g)}${compact(f)}.example/`,
    `https://example.com/people/${g}-${f}`,
  ];
  // No two speakers share a full name, so the styles built from both parts are always free.
  const url = random.shuffle(styles).find((candidate) => !used.has(candidate)) as string;
  used.add(url);
  return url;
}

function handle({ given, family }: DealtName, random: SeededRandom, used: Set<string>): string {
  const g = compact(slug(given));
  const f = compact(slug(family));
  const styles = [
    `${g}${f}`,
    `${g}_${f}`,
    `${g.charAt(0)}${f}`,
    `${upperFirst(g)}${upperFirst(f)}`,
    `${g}codes`,
    `${f}_${g.charAt(0)}`,
    `${g}_dev`,
  ];
  const base = random.pick(styles).slice(0, HANDLE_MAX_LENGTH);
  // Handles are case-insensitive, so compare them in lower case.
  let candidate = base;
  for (let suffix = 2; used.has(candidate.toLowerCase()); suffix++) {
    candidate = base.slice(0, HANDLE_MAX_LENGTH - String(suffix).length) + suffix;
  }
  used.add(candidate.toLowerCase());
  return `@${candidate}`;
}
