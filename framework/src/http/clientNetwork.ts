import { isIP } from 'node:net';

/**
 * The network a client address stands for, as limits count it: an IPv4 address as it is,
 * an IPv6 address by its /64 (`2001:db8:0:1::/64`). One host is usually given a whole /64,
 * and counting each of its 2^64 addresses apart would let it start afresh with every
 * connection or request. An IPv4 address written as IPv6 (`::ffff:192.0.2.7`) is IPv4.
 *
 * @example
 * ```ts
 * clientNetwork('192.0.2.7'); // '192.0.2.7'
 * clientNetwork('2001:db8:0:1:aa::1'); // '2001:db8:0:1::/64'
 * ```
 */
export function clientNetwork(address: string): string {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return isIP(plain) === 6 ? `${network64(plain)}::/64` : plain;
}

/** The first four groups of an IPv6 address, written out: `2001:db8:0:1`. */
function network64(address: string): string {
  const [head = '', tail = ''] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = address.includes('::') && tail !== '' ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(Math.max(missing, 0)).fill('0'), ...right];
  return groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':');
}
