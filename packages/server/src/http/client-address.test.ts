import { describe, expect, it } from 'vitest';
import {
  clientAddressReader,
  clientKey,
  normalAddress,
  parseTrustProxy,
  type TrustProxy,
} from './client-address.ts';

const nginx = '10.0.0.5';

/** [what, TRUST_PROXY, socket address, X-Forwarded-For, the client] */
const cases: Array<[string, string | null, string, string | undefined, string]> = [
  ['without TRUST_PROXY the header is ignored', null, nginx, '203.0.113.7', nginx],
  [
    'without TRUST_PROXY a forged header changes nothing',
    null,
    '198.51.100.1',
    '1.2.3.4',
    '198.51.100.1',
  ],
  ['one hop: the address the proxy appended', '1', nginx, '203.0.113.7', '203.0.113.7'],
  [
    'one hop: a fake address the client prepended is never read',
    '1',
    nginx,
    '6.6.6.6, 203.0.113.7',
    '203.0.113.7',
  ],
  [
    'one hop: many prepended fakes neither',
    '1',
    nginx,
    '1.1.1.1,2.2.2.2, 3.3.3.3 ,203.0.113.7',
    '203.0.113.7',
  ],
  [
    'one hop: garbage the client prepended is not read either',
    '1',
    nginx,
    'not-an-ip, 203.0.113.7',
    '203.0.113.7',
  ],
  ['one hop: no header, the socket', '1', nginx, undefined, nginx],
  ['one hop: an empty header, the socket', '1', nginx, '', nginx],
  ['one hop: an unparsable header, the socket', '1', nginx, 'unknown', nginx],
  ['one hop: a port some proxies add is dropped', '1', nginx, '203.0.113.7:51234', '203.0.113.7'],
  ['one hop: an IPv6 client, canonical', '1', nginx, '2001:0DB8:0:0::1', '2001:db8::1'],
  ['one hop: a bracketed IPv6 client with a port', '1', nginx, '[2001:db8::1]:443', '2001:db8::1'],
  ['one hop: an IPv4-mapped socket address is IPv4', null, '::ffff:10.0.0.5', undefined, nginx],
  [
    'two hops: the second from the right',
    '2',
    nginx,
    '6.6.6.6, 203.0.113.7, 10.0.0.9',
    '203.0.113.7',
  ],
  ['two hops, one entry: the left-most', '2', nginx, '203.0.113.7', '203.0.113.7'],
  [
    'a list: a socket that is no trusted proxy keeps its own address',
    '10.0.0.5',
    '198.51.100.1',
    '1.2.3.4',
    '198.51.100.1',
  ],
  [
    'a list: the right-most address that is no trusted proxy',
    '10.0.0.0/8',
    nginx,
    '6.6.6.6, 203.0.113.7, 10.0.0.9',
    '203.0.113.7',
  ],
  [
    'a list: a forged entry left of the client is never read',
    '10.0.0.5',
    nginx,
    '10.0.0.5, 203.0.113.7',
    '203.0.113.7',
  ],
  ['a list by name: loopback', 'loopback', '127.0.0.1', '203.0.113.7', '203.0.113.7'],
  ['a list by name: private, IPv6', 'private', 'fd12::1', '2001:db8::1', '2001:db8::1'],
  [
    'a list of IPv6 proxies and an IPv4-mapped socket',
    '::1, 10.0.0.0/8',
    '::ffff:10.0.0.5',
    '203.0.113.7',
    '203.0.113.7',
  ],
  ['a list: all trusted, the left-most', '10.0.0.0/8', nginx, '10.0.0.1, 10.0.0.2', '10.0.0.1'],
  [
    'a list: garbage where the client should be, the socket',
    '10.0.0.5',
    nginx,
    '203.0.113.7, garbage',
    nginx,
  ],
];

describe('the client behind TRUST_PROXY (issue 42 item 3)', () => {
  it.each(cases)('%s', (_what, trust, socket, header, client) => {
    const read = clientAddressReader(trust === null ? null : parseTrustProxy(trust));
    expect(read(socket, header)).toBe(client);
  });

  it('joins a header sent more than once, as Node does', () => {
    const read = clientAddressReader({ hops: 1 });
    expect(read(nginx, ['6.6.6.6', '203.0.113.7'])).toBe('203.0.113.7');
  });

  it('names a request without a socket address unknown', () => {
    expect(clientAddressReader(null)(undefined, undefined)).toBe('unknown');
  });
});

describe('TRUST_PROXY values (issue 42 item 3)', () => {
  it('reads hop counts, addresses, ranges and names', () => {
    expect(parseTrustProxy('2')).toEqual({ hops: 2 });
    const list = parseTrustProxy('10.0.0.5, 10.1.0.0/16,fd00::/8, loopback') as Extract<
      TrustProxy,
      { proxies: unknown }
    >;
    expect(list.proxies).toEqual([
      { address: '10.0.0.5', prefix: 32, family: 'ipv4' },
      { address: '10.1.0.0', prefix: 16, family: 'ipv4' },
      { address: 'fd00::', prefix: 8, family: 'ipv6' },
      { address: '127.0.0.0', prefix: 8, family: 'ipv4' },
      { address: '::1', prefix: 128, family: 'ipv6' },
    ]);
  });

  it.each([
    ['0', /hop count from 1 to 20/],
    ['21', /hop count from 1 to 20/],
    ['true', /would let any client choose its own address/],
    ['*', /would let any client choose its own address/],
    ['10.0.0.5,,10.0.0.6', /empty entry/],
    ['10.0.0.0/33', /"10.0.0.0\/33" is none of these/],
    ['10.0.0.0/8/1', /is none of these/],
    ['10.0.0.0/x', /is none of these/],
    ['nginx', /"nginx" is none of these/],
    ['::1/129', /is none of these/],
  ])('refuses %s with a clear message', (raw, message) => {
    expect(() => parseTrustProxy(raw)).toThrow(message);
  });
});

describe('client addresses as the limits key them (issue 42 item 2)', () => {
  it('keys IPv4 by the address and IPv6 by its /64, which one subscriber holds whole', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(clientKey('unknown')).toBe('unknown');
  });

  it('reads only addresses', () => {
    expect(normalAddress('fe80::1%eth0')).toBeNull();
    expect(normalAddress('1.2.3')).toBeNull();
    expect(normalAddress(' 203.0.113.7 ')).toBe('203.0.113.7');
  });
});
