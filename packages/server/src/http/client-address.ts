import { BlockList, isIP, SocketAddress } from 'node:net';

/**
 * Which proxies the portal believes (`TRUST_PROXY`, issue 42 item 3; DESIGN §2 "Scale out"):
 * `hops` proxies that every request passes, or the proxies' own addresses and ranges.
 */
export type TrustProxy = { hops: number } | { proxies: ProxyRange[] };

export interface ProxyRange {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** The names TRUST_PROXY takes for well-known ranges. */
export const namedRanges: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
};

export const maxTrustedHops = 20;

const forms =
  'a hop count (1, 2, …) or a comma-separated list of proxy addresses or ranges ' +
  '(e.g. 10.0.0.5, 10.1.0.0/16, fd00::/8, loopback, private, linklocal)';

/** Reads TRUST_PROXY; throws an Error whose message is one line for the operator. */
export function parseTrustProxy(raw: string): TrustProxy {
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops < 1 || hops > maxTrustedHops) {
      throw new Error(
        `TRUST_PROXY must be a hop count from 1 to ${maxTrustedHops} (got "${raw}"); leave it unset when no proxy is in front.`,
      );
    }
    return { hops };
  }
  if (/^(true|yes|on|all|\*)$/i.test(raw)) {
    throw new Error(
      `TRUST_PROXY must be ${forms} (got "${raw}"): trusting every sender would let any client choose its own address.`,
    );
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => entry === '')) {
    throw new Error(`TRUST_PROXY must be ${forms}; it has an empty entry (got "${raw}").`);
  }
  return { proxies: entries.flatMap((entry) => (namedRanges[entry] ?? [entry]).map(rangeOf)) };

  function rangeOf(entry: string): ProxyRange {
    const [address = '', prefixText, extra] = entry.split('/');
    const version = isIP(address);
    const family = version === 6 ? 'ipv6' : 'ipv4';
    const bits = version === 6 ? 128 : 32;
    const prefix = prefixText === undefined ? bits : Number(prefixText);
    if (
      version === 0 ||
      extra !== undefined ||
      (prefixText !== undefined && !/^\d+$/.test(prefixText)) ||
      prefix > bits
    ) {
      throw new Error(`TRUST_PROXY must be ${forms}; "${entry}" is none of these.`);
    }
    return { address, prefix, family };
  }
}

/** An address as the portal keys it: IPv4-mapped IPv6 as IPv4, IPv6 canonical; null if none. */
export function normalAddress(text: string): string | null {
  let address = text.trim();
  // A port some proxies add: `[::1]:443`, `192.0.2.1:443`.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) address = mapped[1]!;
  const version = isIP(address);
  if (version === 4) return address;
  if (version !== 6 || address.includes('%')) return null;
  return new SocketAddress({ address, family: 'ipv6' }).address;
}

/** The family BlockList wants for a normal address. */
const familyOf = (address: string) => (address.includes(':') ? 'ipv6' : 'ipv4');

/**
 * The function that names a request's client (issue 42 item 3): from the socket's address and
 * the `X-Forwarded-For` header. Without `trust` the header is ignored. With a hop count, the
 * client is the address that many hops from the right (the socket being the first hop), or the
 * left-most when the header has fewer; with a list, the right-most address that is not a trusted
 * proxy. Only addresses the trusted proxies wrote are read, so whatever a client prepends to the
 * header is never chosen; when what must be read does not parse, the socket's address is the
 * client's.
 */
export function clientAddressReader(trust: TrustProxy | null) {
  const trusted = new BlockList();
  if (trust && 'proxies' in trust) {
    for (const range of trust.proxies) trusted.addSubnet(range.address, range.prefix, range.family);
  }
  const isTrusted = (address: string) => trusted.check(address, familyOf(address));

  return (
    socketAddress: string | undefined,
    forwardedFor: string | string[] | undefined,
  ): string => {
    const own = normalAddress(socketAddress ?? '') ?? 'unknown';
    if (!trust || forwardedFor === undefined) return own;
    const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
    // Nearest first: the socket, then the header from the right.
    const hops = header.split(',').reverse();
    if ('hops' in trust) {
      return normalAddress(hops[Math.min(trust.hops, hops.length) - 1] ?? '') ?? own;
    }
    if (own === 'unknown' || !isTrusted(own)) return own;
    let client = own;
    for (const hop of hops) {
      const address = normalAddress(hop);
      if (address === null) return own;
      client = address;
      if (!isTrusted(address)) break;
    }
    return client;
  };
}

/**
 * The key of a client address in the limits: an IPv4 address itself, an IPv6 address its /64
 * network, which one subscriber usually holds whole (counting its 2^64 addresses apart would give
 * one client as many budgets).
 */
export function clientKey(address: string): string {
  if (!address.includes(':')) return address;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, in hexadecimal. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const parts = (text: string | undefined) =>
    text ? text.split(':').flatMap((part) => (part.includes('.') ? v4Groups(part) : [part])) : [];
  const left = parts(head);
  const right = parts(tail);
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}

function v4Groups(dotted: string): string[] {
  const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
