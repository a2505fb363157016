import { setTimeout as sleep } from 'node:timers/promises'
import { ApiError, createFalClient, isRetryableError, type FalClient } from '@fal-ai/client'
import type { EndpointTypeMap } from '@fal-ai/client/endpoints'
import { ProviderError, type ProviderFailureKind } from '#media/providers/contracts'

export type FalConfig = {
  apiKey: string
  /** Replaces https://queue.fal.run (a local fake in tests); the real SDK still builds every call. */
  baseUrl?: string
  /** Pause between status polls; fal's own client uses 500 ms. */
  pollIntervalMs?: number
  /** Budget for submit, polling and result together. */
  timeoutMs?: number
}

export type FalEndpoint = keyof EndpointTypeMap
export type FalInput<Id extends FalEndpoint> = EndpointTypeMap[Id]['input']
export type FalOutput<Id extends FalEndpoint> = EndpointTypeMap[Id]['output']

const DEFAULT_POLL_INTERVAL_MS = 500
const DEFAULT_TIMEOUT_MS = 5 * 60_000
const CANCEL_TIMEOUT_MS = 5_000

/**
 * Runs one fal endpoint through fal's queue (submit → poll status → result)
 * with the official client, and turns every failure into a ProviderError.
 */
export class FalQueue {
  readonly #client: FalClient
  readonly #apiKey: string
  readonly #pollIntervalMs: number
  readonly #timeoutMs: number

  constructor(config: FalConfig) {
    const baseUrl = config.baseUrl?.replace(/\/+$/, '')
    this.#apiKey = config.apiKey
    this.#pollIntervalMs = config.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS
    this.#timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS
    this.#client = createFalClient({
      credentials: config.apiKey,
      // Only set when rebasing: an explicit undefined would replace the SDK's default middleware.
      ...(baseUrl && {
        requestMiddleware: async (request) => ({ ...request, url: rebase(request.url, baseUrl) }),
      }),
    })
  }

  async run<Id extends FalEndpoint>(endpointId: Id, input: FalInput<Id>): Promise<FalOutput<Id>> {
    if (!this.#apiKey) {
      throw new ProviderError('fal.ai API key is not set', 'configuration')
    }
    // Widened: the SDK's conditional input type does not resolve for a generic Id.
    const endpoint: string = endpointId
    const signal = AbortSignal.timeout(this.#timeoutMs)
    let requestId: string | undefined
    try {
      const submitted = await this.#client.queue.submit(endpoint, { input, abortSignal: signal })
      requestId = submitted.request_id
      await this.#waitUntilDone(endpoint, requestId, signal)
      const { data } = await this.#client.queue.result(endpoint, {
        requestId,
        abortSignal: signal,
      })
      return data as FalOutput<Id>
    } catch (error) {
      if (!signal.aborted) {
        throw falProviderError(error)
      }
      if (requestId) {
        await this.#cancel(endpoint, requestId)
      }
      throw new ProviderError(
        `fal.ai ${endpointId} timed out after ${this.#timeoutMs / 1000} s`,
        'transient',
        { cause: error }
      )
    }
  }

  async #waitUntilDone(endpointId: string, requestId: string, signal: AbortSignal) {
    while (true) {
      const { status } = await this.#client.queue.status(endpointId, {
        requestId,
        logs: false,
        abortSignal: signal,
      })
      // Anything past IN_PROGRESS is final; the result call then reports success or the error.
      if (status !== 'IN_QUEUE' && status !== 'IN_PROGRESS') {
        return
      }
      await sleep(this.#pollIntervalMs, undefined, { signal })
    }
  }

  async #cancel(endpointId: string, requestId: string) {
    try {
      await this.#client.queue.cancel(endpointId, {
        requestId,
        abortSignal: AbortSignal.timeout(CANCEL_TIMEOUT_MS),
      })
    } catch {
      // Best effort: the request may have finished meanwhile, and the timeout is what we report.
    }
  }
}

function rebase(url: string, baseUrl: string) {
  const target = new URL(url)
  return `${baseUrl}${target.pathname}${target.search}`
}

/**
 * fal's error bodies: `{ detail: string }`, FastAPI's `{ detail: [{ loc, msg, type }] }`,
 * or `{ detail: { message } }` / `{ message }` / `{ error }`.
 */
function describeErrorBody(body: unknown): string | undefined {
  if (typeof body === 'string') {
    return body.trim() || undefined
  }
  if (!body || typeof body !== 'object') {
    return undefined
  }
  const { detail, message, error } = body as Record<string, unknown>
  if (Array.isArray(detail)) {
    const messages = detail.map((item: { loc?: unknown[]; msg?: unknown } | null) => {
      const field = item?.loc?.at(-1)
      const text = String(item?.msg ?? 'invalid value')
      return field !== undefined && field !== 'body' ? `${String(field)}: ${text}` : text
    })
    return messages.join('; ') || undefined
  }
  return describeErrorBody(detail) ?? describeErrorBody(message) ?? describeErrorBody(error)
}

function classify(status: number | undefined, text: string, error: unknown): ProviderFailureKind {
  const lower = text.toLowerCase()
  if (status === 401) return 'configuration'
  if (status === 403) return 'balance_exhausted'
  if (status === 422) return 'rejected_input'
  if (lower.includes('balance') || lower.includes('exhausted')) return 'balance_exhausted'
  if (lower.includes('api key') || lower.includes('credentials')) return 'configuration'
  if (status === 429 || (status !== undefined && status >= 500)) return 'transient'
  if (status === undefined && isRetryableError(error, [])) return 'transient'
  return 'failed'
}

/** A fal client or queue failure as the category the storyboard shows (spec §8). */
function falProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) {
    return error
  }
  const status = error instanceof ApiError ? error.status : undefined
  const detail =
    (error instanceof ApiError ? describeErrorBody(error.body) : undefined) ??
    (error instanceof Error ? error.message : String(error))
  const kind = classify(status, detail, error)
  const messages: Record<ProviderFailureKind, string> = {
    balance_exhausted: `Exhausted balance on fal.ai: ${detail}`,
    configuration: `fal.ai refused the API key: ${detail}`,
    rejected_input: `fal.ai rejected the input: ${detail}`,
    transient: `fal.ai is unavailable right now (${status ?? 'network'}): ${detail}`,
    failed: `fal.ai request failed${status ? ` (${status})` : ''}: ${detail}`,
  }
  return new ProviderError(messages[kind], kind, { cause: error })
}
