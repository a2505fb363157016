import proxyaddr from 'proxy-addr'

/** Who may set X-Forwarded-For when TRUSTED_PROXIES is unset. */
export const DEFAULT_TRUSTED_PROXIES = 'loopback'

/**
 * The entries of a TRUSTED_PROXIES value: IPs, CIDR ranges or proxy-addr's
 * names (`loopback`, `linklocal`, `uniquelocal`), comma-separated. Throws a
 * message naming the first entry that is none of these.
 */
export function parseTrustedProxies(value: string): string[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (entries.length === 0) {
    throw new Error('TRUSTED_PROXIES names no proxy; leave it unset to trust loopback only')
  }
  for (const entry of entries) {
    try {
      proxyaddr.compile(entry)
    } catch {
      throw new Error(
        `TRUSTED_PROXIES: "${entry}" is not an IP address, a CIDR range, loopback, linklocal or uniquelocal`
      )
    }
  }
  return entries
}

/**
 * Whether the peer at `address` may name the client in X-Forwarded-For:
 * only the listed proxies may; anyone else's header is ignored and the
 * request's IP is the connection's own address.
 */
export function trustedProxies(value: string = DEFAULT_TRUSTED_PROXIES) {
  return proxyaddr.compile(parseTrustedProxies(value))
}
