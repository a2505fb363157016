import { lookup as dnsLookup } from 'node:dns/promises'
import type { LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { isPublicAddress } from '#core/http/network_addresses'

export const WEBHOOK_TIMEOUT_MS = 10_000
/** How much of a receiver's answer is read; the rest is dropped unread. */
export const MAX_ANSWER_BYTES = 64 * 1024

export const SEND_REFUSALS = {
  notWebAddress: 'The endpoint is not an http or https address.',
  credentials: 'Endpoint addresses with a user name or password are not allowed.',
  privateAddress: 'The endpoint points to a private, local or reserved network address.',
} as const

export type Resolve = (hostname: string) => Promise<LookupAddress[]>

export type SendOutcome =
  /** The receiver answered: a 2xx is delivered, anything else is tried again. */
  | { status: 'answered'; statusCode: number }
  /** Never to be sent: the address is not one the server may reach. */
  | { status: 'refused'; reason: string }
  /** Not reached this time (no such host, connection refused, too slow): tried again. */
  | { status: 'unreachable'; reason: string }

export type WebhookSenderOptions = {
  /** Name resolution; the system resolver unless a test hands in its own. */
  resolve?: Resolve
  timeoutMs?: number
}

/**
 * WEBHOOK_PRIVATE_TARGETS=allow lets the test suite deliver to 127.0.0.1.
 * The app refuses to boot with it in production (start/env.ts); this checks again.
 */
export function privateTargetsAllowed() {
  return env.get('WEBHOOK_PRIVATE_TARGETS') === 'allow' && !app.inProduction
}

/** Whether a webhook may be sent to `address`: public ones only, unless the test mode allows all. */
export function mayConnectTo(address: string) {
  return privateTargetsAllowed() || isPublicAddress(address)
}

/** Why an endpoint URL can never be sent to, judged before any connection; null when it may be tried. */
export function endpointUrlRefusal(address: string): string | null {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return SEND_REFUSALS.notWebAddress
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return SEND_REFUSALS.notWebAddress
  if (url.username || url.password) return SEND_REFUSALS.credentials
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
  if (isIP(host) && !mayConnectTo(host)) return SEND_REFUSALS.privateAddress
  return null
}

class Refusal extends Error {}

const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, order: 'verbatim' })

/**
 * POSTs a signed webhook body as a server that must not be turned against
 * its own network, with the same address guard as picture imports
 * (`#core/http/network_addresses`): the check sits in the socket's `lookup`
 * hook, so it judges the very address the socket connects to (DNS rebinding
 * included), and the peer is checked again once connected. 10 s in all,
 * redirects never followed (a 3xx is an answer like any other non-2xx), at
 * most 64 KB of the answer read. Holds no database connection: the caller
 * reads what it sends before, and records the outcome after.
 */
export class WebhookSender {
  #resolve: Resolve
  #timeoutMs: number

  constructor(options: WebhookSenderOptions = {}) {
    this.#resolve = options.resolve ?? systemResolve
    this.#timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS
  }

  async send(address: string, body: string, headers: Record<string, string>): Promise<SendOutcome> {
    const refusal = endpointUrlRefusal(address)
    if (refusal) return { status: 'refused', reason: refusal }
    const deadline = AbortSignal.timeout(this.#timeoutMs)
    try {
      const statusCode = await this.#post(new URL(address), body, headers, deadline)
      return { status: 'answered', statusCode }
    } catch (error) {
      if (error instanceof Refusal) return { status: 'refused', reason: error.message }
      if (deadline.aborted) {
        return { status: 'unreachable', reason: `No answer within ${this.#timeoutMs / 1000} s.` }
      }
      const code = (error as NodeJS.ErrnoException).code
      return {
        status: 'unreachable',
        reason:
          code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA'
            ? 'The endpoint’s host could not be found.'
            : 'The endpoint could not be reached.',
      }
    }
  }

  /** The socket connects only to an address that passes the guard, or to none. */
  #lookup: LookupFunction = (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family
    this.#resolve(hostname).then(
      (addresses) => {
        const usable = addresses.filter(
          (entry) => (!family || entry.family === family) && mayConnectTo(entry.address)
        )
        if (usable.length === 0) {
          const error =
            addresses.length > 0
              ? new Refusal(SEND_REFUSALS.privateAddress)
              : Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' })
          return callback(error, '', 0)
        }
        if (options.all) return callback(null, usable)
        callback(null, usable[0].address, usable[0].family)
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0)
    )
  }

  #post(url: URL, body: string, headers: Record<string, string>, signal: AbortSignal) {
    return new Promise<number>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http
      const request = client.request(url, {
        method: 'POST',
        agent: false,
        lookup: this.#lookup,
        signal,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Reelforge-Webhooks/1',
        },
      })
      request.once('response', (response) => {
        const peer = response.socket.remoteAddress
        if (!peer || !mayConnectTo(peer)) {
          response.destroy()
          return reject(new Refusal(SEND_REFUSALS.privateAddress))
        }
        let read = 0
        response.on('data', (chunk: Buffer) => {
          read += chunk.length
          // What the receiver says past 64 KB is not waited for.
          if (read > MAX_ANSWER_BYTES) {
            response.destroy()
            resolve(response.statusCode ?? 0)
          }
        })
        response.once('end', () => resolve(response.statusCode ?? 0))
        response.once('error', reject)
      })
      request.on('error', reject)
      request.end(body)
    })
  }
}
