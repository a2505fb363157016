import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto'
import { ProviderError } from '#media/providers/contracts'

/** Where fal publishes the Ed25519 keys its webhooks are signed with. */
export const FAL_JWKS_URL = 'https://rest.alpha.fal.ai/.well-known/jwks.json'

/** Where this app receives fal's webhooks (route `media.fal_webhooks.store`). */
export const FAL_WEBHOOK_PATH = '/api/webhooks/fal'

/** A Fetch API `Headers`, or Node's / AdonisJS' plain header object (any letter case). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>

export type FalWebhookRequest = {
  headers: WebhookHeaders
  /** The body exactly as received: parsing and re-serialising it breaks the signature. */
  rawBody: Buffer | Uint8Array | string
  /** Defaults to fal's own key set. */
  jwksUrl?: string
  /** Milliseconds since the epoch; the clock by default. */
  now?: number
}

/** fal's own window: a delivery stamped more than five minutes away from now is refused. */
const MAX_SKEW_SECONDS = 5 * 60
/** fal suggests caching the key set for a day. */
const JWKS_CACHE_MS = 24 * 60 * 60_000
/** An unknown signature refetches the keys (a rotation), at most this often. */
const JWKS_REFRESH_MIN_MS = 5 * 60_000
const JWKS_TIMEOUT_MS = 10_000
/**
 * A failed fetch is remembered this long: while fal's key server is down,
 * forged deliveries must not each start a fetch of their own.
 */
const JWKS_FAILURE_CACHE_MS = 30_000

/** One fetch per URL: callers share it while it runs, and its outcome while it is fresh. */
type KeySet = { fetchedAt: number; failedAt?: number; keys: Promise<KeyObject[]> }
const keySets = new Map<string, KeySet>()

/**
 * Whether a webhook delivery really comes from fal: an Ed25519 signature
 * (hex, `X-Fal-Webhook-Signature`) over
 * `${requestId}\n${userId}\n${timestamp}\n${sha256hex(rawBody)}`, made with
 * one of the keys of the JWKS, stamped (`X-Fal-Webhook-Timestamp`, Unix
 * seconds) within five minutes of now. Missing or malformed headers are a
 * plain false; a key set that cannot be fetched rejects with a transient
 * ProviderError, so the caller can answer 5xx and let fal deliver again.
 */
export async function verifyFalWebhook(request: FalWebhookRequest): Promise<boolean> {
  const requestId = header(request.headers, 'x-fal-webhook-request-id')
  const userId = header(request.headers, 'x-fal-webhook-user-id')
  const timestamp = header(request.headers, 'x-fal-webhook-timestamp')
  const signatureHex = header(request.headers, 'x-fal-webhook-signature')
  if (!requestId || !userId || !timestamp || !signatureHex) {
    return false
  }
  if (!/^\d{1,12}$/.test(timestamp) || !/^[\da-f]{128}$/i.test(signatureHex)) {
    return false
  }
  const nowSeconds = Math.floor((request.now ?? Date.now()) / 1000)
  if (Math.abs(nowSeconds - Number(timestamp)) > MAX_SKEW_SECONDS) {
    return false
  }

  const bodyHash = createHash('sha256').update(request.rawBody).digest('hex')
  const message = Buffer.from(`${requestId}\n${userId}\n${timestamp}\n${bodyHash}`, 'utf8')
  const signature = Buffer.from(signatureHex, 'hex')
  const jwksUrl = request.jwksUrl ?? FAL_JWKS_URL
  const signedBy = (keys: KeyObject[]) => keys.some((key) => verify(null, message, key, signature))

  if (signedBy(await publicKeys(jwksUrl))) {
    return true
  }
  // fal may have rotated its keys since they were cached.
  const cached = keySets.get(jwksUrl)
  if (
    cached &&
    cached.failedAt === undefined &&
    Date.now() - cached.fetchedAt >= JWKS_REFRESH_MIN_MS
  ) {
    keySets.delete(jwksUrl)
    return signedBy(await publicKeys(jwksUrl))
  }
  return false
}

/**
 * verifyFalWebhook against one key set: fal's own, or the one configured
 * (FAL_JWKS_URL). Bound in the container, so tests point it at a fake.
 */
export class FalWebhookVerifier {
  constructor(readonly jwksUrl: string = FAL_JWKS_URL) {}

  verify(delivery: Omit<FalWebhookRequest, 'jwksUrl'>) {
    return verifyFalWebhook({ ...delivery, jwksUrl: this.jwksUrl })
  }
}

/** Forgets the cached key sets (tests; a forced rotation). */
export function clearFalJwksCache() {
  keySets.clear()
}

/**
 * The Ed25519 keys of a JWKS, fetched once a day per URL. Concurrent callers
 * share the fetch in flight; a failed one answers its error to every caller
 * for 30 seconds, then the next caller fetches again.
 */
function publicKeys(jwksUrl: string): Promise<KeyObject[]> {
  const cached = keySets.get(jwksUrl)
  if (cached && isFresh(cached, Date.now())) {
    return cached.keys
  }
  const keySet: KeySet = { fetchedAt: Date.now(), keys: fetchKeys(jwksUrl) }
  keySets.set(jwksUrl, keySet)
  keySet.keys.catch(() => {
    keySet.failedAt = Date.now()
  })
  return keySet.keys
}

function isFresh(keySet: KeySet, now: number) {
  return keySet.failedAt === undefined
    ? now - keySet.fetchedAt < JWKS_CACHE_MS
    : now - keySet.failedAt < JWKS_FAILURE_CACHE_MS
}

async function fetchKeys(jwksUrl: string): Promise<KeyObject[]> {
  let body: { keys?: unknown }
  try {
    const response = await fetch(jwksUrl, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(JWKS_TIMEOUT_MS),
    })
    if (!response.ok) {
      throw new Error(`HTTP ${response.status}`)
    }
    body = (await response.json()) as { keys?: unknown }
  } catch (error) {
    throw new ProviderError(
      `fal.ai webhook keys could not be fetched from ${jwksUrl}`,
      'transient',
      {
        cause: error,
      }
    )
  }
  const keys = (Array.isArray(body.keys) ? body.keys : []).flatMap((jwk: unknown) => {
    const { kty, crv, x } = (jwk ?? {}) as { kty?: unknown; crv?: unknown; x?: unknown }
    if (kty !== 'OKP' || crv !== 'Ed25519' || typeof x !== 'string') return []
    try {
      return [createPublicKey({ key: { kty, crv, x }, format: 'jwk' })]
    } catch {
      return []
    }
  })
  if (keys.length === 0) {
    throw new ProviderError(`fal.ai webhook key set at ${jwksUrl} has no Ed25519 key`, 'transient')
  }
  return keys
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) {
    return headers.get(name)?.trim() || undefined
  }
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) {
      return (Array.isArray(value) ? value[0] : value)?.trim() || undefined
    }
  }
  return undefined
}
