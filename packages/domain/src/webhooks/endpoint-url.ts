/**
 * Where the portal may deliver webhooks (issue 14 item 5): HTTPS only; plain HTTP to the
 * loopback address only outside production (tests and local development); in production
 * never a private, loopback, link-local or otherwise non-public address (SSRF: the portal
 * must not be made to call into its own network). The server checks a URL when it is
 * registered and every resolved address again when it delivers.
 */

/** Why a URL is refused, as keys under `webhooks.validation.` (admin namespace). */
export const webhookUrlProblems = {
  invalid: 'Enter a full URL, like https://example.com/hooks/releases',
  notHttps: 'The URL must start with https://',
  credentials: 'The URL may not carry a user name or password',
  privateNetwork: 'The URL points into a private network',
  tooLong: 'The URL has at most 2,000 characters',
} as const;
export type WebhookUrlProblem = keyof typeof webhookUrlProblems;

const maxUrlLength = 2000;
const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The problem of a webhook URL, or null when the portal may deliver to it. */
export function webhookUrlProblem(
  url: string,
  options: { production: boolean },
): WebhookUrlProblem | null {
  if (url.length > maxUrlLength) return 'tooLong';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'invalid';
  }
  if (parsed.username || parsed.password) return 'credentials';
  const host = parsed.hostname.toLowerCase();
  if (!host) return 'invalid';
  const loopback = loopbackHosts.has(host);
  if (parsed.protocol === 'http:') {
    return !options.production && loopback ? null : 'notHttps';
  }
  if (parsed.protocol !== 'https:') return 'notHttps';
  if (!options.production) return null;
  if (
    loopback ||
    host.endsWith('.localhost') ||
    host.endsWith('.internal') ||
    host.endsWith('.local')
  ) {
    return 'privateNetwork';
  }
  const literal = host.startsWith('[') ? host.slice(1, -1) : host;
  if (isIpLiteral(literal) && !isPublicAddress(literal)) return 'privateNetwork';
  return null;
}

/** Whether a host is an IPv4 or IPv6 literal. */
export function isIpLiteral(host: string): boolean {
  return ipv4Of(host) !== null || host.includes(':');
}

/**
 * Whether an IP address (v4, or v6 with an embedded v4) is public: not unspecified, loopback,
 * private (RFC 1918, unique local), shared (100.64/10), link-local, benchmarking, documentation,
 * multicast or reserved. Anything that does not parse is not public.
 */
export function isPublicAddress(address: string): boolean {
  const v4 = ipv4Of(address);
  if (v4) return publicV4(v4);
  const v6 = ipv6Of(address);
  if (!v6) return false;
  // ::ffff:a.b.c.d and the NAT64 prefix 64:ff9b::/96 carry an IPv4 address.
  const embedsV4 =
    (v6.slice(0, 5).every((part) => part === 0) && v6[5] === 0xffff) ||
    (v6[0] === 0x64 && v6[1] === 0xff9b && v6.slice(2, 6).every((part) => part === 0));
  if (embedsV4) return publicV4([v6[6]! >> 8, v6[6]! & 255, v6[7]! >> 8, v6[7]! & 255]);
  if (v6.every((part) => part === 0)) return false; // ::
  if (v6.slice(0, 7).every((part) => part === 0) && v6[7] === 1) return false; // ::1
  const first = v6[0]!;
  if ((first & 0xfe00) === 0xfc00) return false; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return false; // fe80::/10 link-local
  if ((first & 0xffc0) === 0xfec0) return false; // fec0::/10 site-local (deprecated)
  if ((first & 0xff00) === 0xff00) return false; // multicast
  if (first === 0x2001 && v6[1] === 0x0db8) return false; // documentation
  if (first === 0x0100 && v6.slice(1, 4).every((part) => part === 0)) return false; // discard
  return (first & 0xe000) === 0x2000; // only global unicast 2000::/3
}

function publicV4([a, b, c]: number[]): boolean {
  if (a === 0 || a === 10 || a === 127 || a! >= 224) return false;
  if (a === 100 && b! >= 64 && b! <= 127) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b! >= 16 && b! <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false;
  if (a === 198 && (b === 18 || b === 19)) return false;
  if (a === 198 && b === 51 && c === 100) return false;
  if (a === 203 && b === 0 && c === 113) return false;
  return true;
}

function ipv4Of(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part))) return null;
  const numbers = parts.map(Number);
  return numbers.every((n) => n <= 255) ? numbers : null;
}

/** An IPv6 address as eight 16-bit numbers (a trailing dotted IPv4 allowed), or null. */
function ipv6Of(text: string): number[] | null {
  const address = text.toLowerCase().replace(/%.*$/, '');
  if (!/^[0-9a-f:.]+$/.test(address) || (address.match(/::/g) ?? []).length > 1) return null;
  let tail: number[] = [];
  let head = address;
  const lastColon = address.lastIndexOf(':');
  if (address.slice(lastColon + 1).includes('.')) {
    const v4 = ipv4Of(address.slice(lastColon + 1));
    if (!v4) return null;
    tail = [(v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!];
    head = address.slice(0, lastColon + 1);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const [left, right] = head.includes('::') ? head.split('::') : [head, undefined];
  const parse = (part: string | undefined) =>
    part
      ? part.split(':').map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : NaN))
      : [];
  const start = parse(left);
  const end = parse(right);
  const missing = 8 - tail.length - start.length - end.length;
  if (right === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [
    ...start,
    ...Array<number>(right === undefined ? 0 : missing).fill(0),
    ...end,
    ...tail,
  ];
  return groups.length === 8 && groups.every((n) => Number.isInteger(n)) ? groups : null;
}
