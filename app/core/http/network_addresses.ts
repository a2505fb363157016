import { isIPv4, isIPv6 } from 'node:net'

/**
 * Which IP addresses the server may connect to when it fetches a URL a
 * user gave it (a picture to import, docs/product.md, Image to Video; a
 * webhook endpoint, README, Webhooks): public unicast addresses only. Loopback, private networks, carrier-grade NAT, link-local
 * (cloud metadata at 169.254.169.254), unspecified, multicast, reserved and
 * documentation ranges are refused, in IPv4 and IPv6 alike, and so is an
 * IPv4 address written inside an IPv6 one (mapped `::ffff:a.b.c.d`, NAT64
 * `64:ff9b::/96`, 6to4, Teredo, the old IPv4-compatible `::a.b.c.d`).
 */

type Range = readonly [bytes: readonly number[], prefixLength: number]

/** IPv4 ranges that are not the public internet (IANA special-purpose registry). */
const IPV4_REFUSED: readonly Range[] = [
  [[0, 0, 0, 0], 8], // "this network", 0.0.0.0 included
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local, cloud metadata (169.254.169.254)
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 31, 196, 0], 24], // AS112
  [[192, 52, 193, 0], 24], // AMT
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16], // private
  [[192, 175, 48, 0], 24], // AS112
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // documentation
  [[203, 0, 113, 0], 24], // documentation
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, and 255.255.255.255 (broadcast)
]

/**
 * IPv6 ranges refused outright. Everything outside 2000::/3 (global
 * unicast) is refused too, once the IPv4-carrying forms below are decoded.
 */
const IPV6_REFUSED: readonly Range[] = [
  [[0x20, 0x01, 0x00, 0x00], 23], // IETF protocol assignments, Teredo (2001::/32) among them
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x20, 0x02], 16], // 6to4: an IPv4 address inside, relayed by whoever answers
  [[0x3f, 0xff], 20], // documentation (RFC 9637)
]

function inRange(bytes: readonly number[], [prefix, length]: Range) {
  for (let bit = 0; bit < length; bit++) {
    const mask = 0x80 >> (bit % 8)
    const index = Math.floor(bit / 8)
    if ((bytes[index] & mask) !== ((prefix[index] ?? 0) & mask)) return false
  }
  return true
}

function ipv4Bytes(address: string) {
  return address.split('.').map(Number)
}

/**
 * The 16 bytes of an IPv6 address (`::` shorthand and a trailing dotted
 * IPv4 part allowed); null for anything else, a zone id (`%eth0`) included.
 */
export function ipv6Bytes(address: string): number[] | null {
  if (!isIPv6(address) || address.includes('%')) return null
  let text = address
  const tail: number[] = []
  const lastColon = text.lastIndexOf(':')
  if (text.slice(lastColon + 1).includes('.')) {
    const v4 = text.slice(lastColon + 1)
    if (!isIPv4(v4)) return null
    const [a, b, c, d] = ipv4Bytes(v4)
    tail.push(a, b, c, d)
    text = `${text.slice(0, lastColon + 1)}0:0`
  }
  const [head, rest] = text.split('::') as [string, string | undefined]
  const groups = (part: string) => (part === '' ? [] : part.split(':'))
  const before = groups(head)
  const after = rest === undefined ? [] : groups(rest)
  const missing = 8 - before.length - after.length
  const all = [...before, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...after]
  if (all.length !== 8) return null
  const bytes = all.flatMap((group) => {
    const value = Number.parseInt(group, 16)
    return [value >> 8, value & 0xff]
  })
  if (tail.length === 4) bytes.splice(12, 4, ...tail)
  return bytes
}

function isPublicIPv4(bytes: readonly number[]) {
  return !IPV4_REFUSED.some((range) => inRange(bytes, range))
}

function isPublicIPv6(bytes: readonly number[]) {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0)
  // ::ffff:a.b.c.d (IPv4-mapped): judged as the IPv4 address it carries
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return isPublicIPv4(bytes.slice(12))
  // 64:ff9b::a.b.c.d (NAT64, well-known prefix): the same
  if (inRange(bytes, [[0x00, 0x64, 0xff, 0x9b], 96])) return isPublicIPv4(bytes.slice(12))
  // global unicast only: this leaves out ::, ::1, ::a.b.c.d, 64:ff9b:1::/48, 100::/64,
  // fc00::/7 (unique local), fe80::/10 (link-local), fec0::/10 and ff00::/8 (multicast)
  if (!inRange(bytes, [[0x20], 3])) return false
  return !IPV6_REFUSED.some((range) => inRange(bytes, range))
}

/** Whether the server may connect to `address` (an IPv4 or IPv6 address, no brackets). */
export function isPublicAddress(address: string) {
  if (isIPv4(address)) return isPublicIPv4(ipv4Bytes(address))
  const bytes = ipv6Bytes(address)
  return bytes !== null && isPublicIPv6(bytes)
}
