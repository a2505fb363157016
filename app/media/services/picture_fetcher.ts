import { lookup as dnsLookup } from 'node:dns/promises'
import type { LookupAddress } from 'node:dns'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { isPublicAddress } from '#core/http/network_addresses'
import { ACCEPTED, MAX_PICTURE_BYTES } from '#media/services/picture_files'

/**
 * Fetches the file behind a URL a user pasted (docs/product.md, Image to
 * Video), as a server that must not be turned against its own network:
 * http(s) only, at most 20 MB, 15 s in all, 3 redirects each checked anew,
 * and never a connection to a loopback, private, link-local (cloud
 * metadata), multicast or otherwise non-public address.
 *
 * The address check sits in the socket's `lookup` hook, so it judges the
 * very addresses the socket then connects to: a name that resolves to a
 * public address when asked first and to 127.0.0.1 when connecting (DNS
 * rebinding) is still refused. Literal IP hosts, which skip the lookup, are
 * checked before any connection, and every answer's peer address is checked
 * again before its body is read.
 */

export const FETCH_TIMEOUT_MS = 15_000
export const MAX_REDIRECTS = 3

export const FETCH_MESSAGES = {
  notWebAddress: "That address can't be fetched: it isn't an http or https address.",
  credentials:
    "That address can't be fetched: addresses with a user name or password aren't allowed.",
  privateAddress:
    "That address can't be fetched: it points to a private, local or reserved network address.",
  notFound: "That address can't be fetched: its server couldn't be found.",
  unreachable: "That address can't be fetched: its server couldn't be reached.",
  tooManyRedirects: `That address can't be fetched: it redirects more than ${MAX_REDIRECTS} times.`,
  tooSlow: 'The picture at that address took too long to download (more than 15 seconds).',
  tooLarge: 'The picture at that address is larger than 20 MB.',
  notPicture: `That address didn't return a picture. Paste the address of the image itself (${ACCEPTED}).`,
} as const

const REDIRECTS = new Set([301, 302, 303, 307, 308])

export type Resolve = (hostname: string) => Promise<LookupAddress[]>

export type FetchedFile =
  { status: 'fetched'; bytes: Buffer } | { status: 'refused'; message: string }

export type PictureFetcherOptions = {
  /** Name resolution; the system resolver unless a test hands in its own. */
  resolve?: Resolve
  /** Which addresses may be connected to; public ones unless PICTURE_FETCH_PRIVATE=allow. */
  allowAddress?: (address: string) => boolean
  timeoutMs?: number
}

/** A refusal with the sentence the user reads. */
class Refusal extends Error {}

/**
 * PICTURE_FETCH_PRIVATE=allow lets the tests fetch from a local server. The
 * app refuses to boot with it in production (start/env.ts); this checks again.
 */
export function privateFetchesAllowed() {
  return env.get('PICTURE_FETCH_PRIVATE') === 'allow' && !app.inProduction
}

const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, order: 'verbatim' })

export class PictureFetcher {
  #resolve: Resolve
  #allows: (address: string) => boolean
  #timeoutMs: number

  constructor(options: PictureFetcherOptions = {}) {
    this.#resolve = options.resolve ?? systemResolve
    this.#allows = options.allowAddress ?? (privateFetchesAllowed() ? () => true : isPublicAddress)
    this.#timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS
  }

  async fetch(address: string): Promise<FetchedFile> {
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(), this.#timeoutMs)
    try {
      let url = this.#checkedUrl(address)
      for (let redirects = 0; ; redirects++) {
        const response = await this.#get(url, deadline.signal)
        const status = response.statusCode ?? 0
        if (REDIRECTS.has(status) && response.headers.location) {
          response.destroy()
          if (redirects === MAX_REDIRECTS) throw new Refusal(FETCH_MESSAGES.tooManyRedirects)
          url = this.#checkedUrl(new URL(response.headers.location, url).href)
          continue
        }
        if (status !== 200) {
          response.destroy()
          throw new Refusal(FETCH_MESSAGES.notPicture)
        }
        if (Number(response.headers['content-length']) > MAX_PICTURE_BYTES) {
          response.destroy()
          throw new Refusal(FETCH_MESSAGES.tooLarge)
        }
        return { status: 'fetched', bytes: await this.#body(response) }
      }
    } catch (error) {
      if (deadline.signal.aborted) return { status: 'refused', message: FETCH_MESSAGES.tooSlow }
      if (error instanceof Refusal) return { status: 'refused', message: error.message }
      const code = (error as NodeJS.ErrnoException).code
      const message =
        code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA'
          ? FETCH_MESSAGES.notFound
          : FETCH_MESSAGES.unreachable
      return { status: 'refused', message }
    } finally {
      clearTimeout(timer)
    }
  }

  /** An http(s) URL without credentials whose host, if it is an IP address, may be connected to. */
  #checkedUrl(address: string) {
    let url: URL
    try {
      url = new URL(address)
    } catch {
      throw new Refusal(FETCH_MESSAGES.notWebAddress)
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Refusal(FETCH_MESSAGES.notWebAddress)
    }
    if (url.username || url.password) throw new Refusal(FETCH_MESSAGES.credentials)
    const host = hostOf(url)
    if (isIP(host) && !this.#allows(host)) throw new Refusal(FETCH_MESSAGES.privateAddress)
    return url
  }

  /**
   * Resolves a name for the socket, keeping only the addresses that may be
   * connected to: the socket connects to one of these, or to none.
   */
  #lookup: LookupFunction = (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family
    this.#resolve(hostname).then(
      (addresses) => {
        const usable = addresses.filter(
          (entry) => (!family || entry.family === family) && this.#allows(entry.address)
        )
        if (usable.length === 0) {
          const refusal =
            addresses.length > 0 ? FETCH_MESSAGES.privateAddress : FETCH_MESSAGES.notFound
          return callback(new Refusal(refusal), '', 0)
        }
        if (options.all) return callback(null, usable)
        callback(null, usable[0].address, usable[0].family)
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0)
    )
  }

  #get(url: URL, signal: AbortSignal) {
    return new Promise<IncomingMessage>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http
      const request = client.request(url, {
        method: 'GET',
        agent: false,
        lookup: this.#lookup,
        signal,
        headers: {
          'accept': 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8,*/*;q=0.5',
          'accept-encoding': 'identity',
          'user-agent': 'Reelforge picture import',
        },
      })
      request.once('response', (response) => {
        const peer = response.socket.remoteAddress
        if (!peer || !this.#allows(peer)) {
          response.destroy()
          return reject(new Refusal(FETCH_MESSAGES.privateAddress))
        }
        resolve(response)
      })
      request.on('error', reject)
      request.end()
    })
  }

  /** The body, counted as it arrives and given up past 20 MB whatever Content-Length said. */
  async #body(response: IncomingMessage) {
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of response) {
      size += (chunk as Buffer).length
      if (size > MAX_PICTURE_BYTES) {
        response.destroy()
        throw new Refusal(FETCH_MESSAGES.tooLarge)
      }
      chunks.push(chunk as Buffer)
    }
    return Buffer.concat(chunks)
  }
}

/** The URL's host as a socket takes it: an IPv6 literal without its brackets. */
function hostOf(url: URL) {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
}
