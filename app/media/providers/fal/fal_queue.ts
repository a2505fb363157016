import { setTimeout as sleep } from 'node:timers/promises'
import { DateTime } from 'luxon'
import { ApiError, createFalClient, isRetryableError, type FalClient } from '@fal-ai/client'
import type { EndpointTypeMap } from '@fal-ai/client/endpoints'
import FalRequest from '#media/models/fal_request'
import { ProviderError, type ProviderFailureKind } from '#media/providers/contracts'

export type FalConfig = {
  apiKey: string
  /** Replaces https://queue.fal.run (a local fake in tests); the real SDK still builds every call. */
  baseUrl?: string
  /** Pause between status polls; fal's own client uses 500 ms. */
  pollIntervalMs?: number
  /** Budget for submit, polling and result together. */
  timeoutMs?: number
  /**
   * Where fal posts the outcome (`${PUBLIC_URL}/api/webhooks/fal`). Set, the
   * run waits on its fal_requests row, which the webhook settles; unset, it
   * polls fal's status.
   */
  webhookUrl?: string
  /** With a webhook: pause between reads of the request's row. */
  webhookCheckIntervalMs?: number
  /** With a webhook: pause between status calls, for a delivery that never comes. */
  statusFallbackIntervalMs?: number
}

export type FalRunOptions = {
  cancel?: AbortSignal
  /** A request submitted by an earlier try, to wait for instead of submitting again. */
  resume?: string
  onSubmitted?: (requestId: string) => Promise<void>
}

export type FalEndpoint = keyof EndpointTypeMap
export type FalInput<Id extends FalEndpoint> = EndpointTypeMap[Id]['input']
export type FalOutput<Id extends FalEndpoint> = EndpointTypeMap[Id]['output']

const DEFAULT_POLL_INTERVAL_MS = 500
const DEFAULT_WEBHOOK_CHECK_INTERVAL_MS = 1_000
const DEFAULT_STATUS_FALLBACK_INTERVAL_MS = 30_000
const DEFAULT_TIMEOUT_MS = 5 * 60_000
const CANCEL_TIMEOUT_MS = 5_000

/**
 * Runs one fal endpoint through fal's queue (submit → wait → result) with the
 * official client, and turns every failure into a ProviderError. It waits by
 * polling fal's status or, with a webhook URL, on the request's row.
 */
export class FalQueue {
  readonly #client: FalClient
  readonly #apiKey: string
  readonly #pollIntervalMs: number
  readonly #timeoutMs: number
  readonly #webhookUrl: string | undefined
  readonly #webhookCheckIntervalMs: number
  readonly #statusFallbackIntervalMs: number

  constructor(config: FalConfig) {
    const baseUrl = config.baseUrl?.replace(/\/+$/, '')
    this.#apiKey = config.apiKey
    this.#pollIntervalMs = config.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS
    this.#timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS
    this.#webhookUrl = config.webhookUrl || undefined
    this.#webhookCheckIntervalMs =
      config.webhookCheckIntervalMs ?? DEFAULT_WEBHOOK_CHECK_INTERVAL_MS
    this.#statusFallbackIntervalMs =
      config.statusFallbackIntervalMs ?? DEFAULT_STATUS_FALLBACK_INTERVAL_MS
    this.#client = createFalClient({
      credentials: config.apiKey,
      // Only set when rebasing: an explicit undefined would replace the SDK's default middleware.
      ...(baseUrl && {
        requestMiddleware: async (request) => ({ ...request, url: rebase(request.url, baseUrl) }),
      }),
    })
  }

  /**
   * `cancel`: aborting it stops the wait, cancels the request at fal (no
   * paying for a clip nobody will see) and rejects with its reason.
   * `onSubmitted` is told the request id as soon as fal has it; a caller
   * that keeps it passes it back as `resume` when it tries again, and the
   * run waits for that request instead of paying for a new one. Only such a
   * caller's requests outlive a transient failure; every other failure
   * cancels the request at fal.
   */
  async run<Id extends FalEndpoint>(
    endpointId: Id,
    input: FalInput<Id>,
    options: FalRunOptions = {}
  ): Promise<FalOutput<Id>> {
    if (!this.#apiKey) {
      throw new ProviderError('fal.ai API key is not set', 'configuration')
    }
    // Widened: the SDK's conditional input type does not resolve for a generic Id.
    const endpoint: string = endpointId
    const timeout = AbortSignal.timeout(this.#timeoutMs)
    const { cancel } = options
    const signal = cancel ? AbortSignal.any([timeout, cancel]) : timeout
    let requestId = options.resume
    try {
      if (!requestId) {
        const submitted = await this.#client.queue.submit(endpoint, {
          input,
          webhookUrl: this.#webhookUrl,
          abortSignal: signal,
        })
        requestId = submitted.request_id
        await options.onSubmitted?.(requestId)
      }
      if (this.#webhookUrl) {
        await this.#waitForWebhook(endpoint, requestId, signal)
      } else {
        await this.#waitUntilDone(endpoint, requestId, signal)
      }
      // The webhook's payload is only the trigger: the result call is the answer, or the error.
      const { data } = await this.#client.queue.result(endpoint, {
        requestId,
        abortSignal: signal,
      })
      return data as FalOutput<Id>
    } catch (error) {
      const failure = signal.aborted ? null : falProviderError(error)
      // A request left running at fal is billed: only one its caller will resume stays.
      const resumable = options.onSubmitted && failure?.kind === 'transient'
      if (requestId && !resumable) {
        await this.#cancel(endpoint, requestId)
      }
      if (failure) {
        throw failure
      }
      if (cancel?.aborted) {
        throw cancel.reason
      }
      throw new ProviderError(
        `fal.ai ${endpointId} timed out after ${this.#timeoutMs / 1000} s`,
        'transient',
        { cause: error }
      )
    } finally {
      // The row only carried the webhook to this wait: a late delivery finds none and is acknowledged.
      if (this.#webhookUrl && requestId) {
        await FalRequest.query().where('requestId', requestId).delete()
      }
    }
  }

  async #waitUntilDone(endpointId: string, requestId: string, signal: AbortSignal) {
    while (!(await this.#isFinished(endpointId, requestId, signal))) {
      await sleep(this.#pollIntervalMs, undefined, { signal })
    }
  }

  /**
   * Records the request, then waits for the web process to settle its row
   * from the webhook, asking fal's status now and then in case the delivery
   * is lost. The first status call comes right after the row is written: a
   * delivery that arrived before it found no row to settle.
   */
  async #waitForWebhook(endpointId: string, requestId: string, signal: AbortSignal) {
    // A resumed wait finds its row again, or makes it anew.
    await FalRequest.firstOrCreate({ requestId }, { endpoint: endpointId, status: 'pending' })
    // Rows of waits a crashed worker never finished: long past any timeout.
    await FalRequest.query()
      .where('createdAt', '<', DateTime.now().minus({ days: 1 }).toJSDate())
      .delete()
    let statusDueAt = 0
    while (true) {
      if (Date.now() >= statusDueAt) {
        if (await this.#isFinished(endpointId, requestId, signal)) return
        statusDueAt = Date.now() + this.#statusFallbackIntervalMs
      }
      await sleep(this.#webhookCheckIntervalMs, undefined, { signal })
      const row = await FalRequest.query().where('requestId', requestId).select('status').first()
      if (row && row.status !== 'pending') return
    }
  }

  /** Anything past IN_PROGRESS is final; the result call then reports success or the error. */
  async #isFinished(endpointId: string, requestId: string, signal: AbortSignal) {
    const { status } = await this.#client.queue.status(endpointId, {
      requestId,
      logs: false,
      abortSignal: signal,
    })
    return status !== 'IN_QUEUE' && status !== 'IN_PROGRESS'
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

/** A fal client or queue failure as a storyboard category (docs/product.md, Storyboard). */
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
