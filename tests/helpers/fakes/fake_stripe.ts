import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import app from '@adonisjs/core/services/app'
import Stripe from 'stripe'
import env from '#start/env'
import { PaymentGateway } from '#billing/gateway/payment_gateway'
import { StripeGateway } from '#billing/gateway/stripe_gateway'

export const FAKE_WEBHOOK_SECRET = 'whsec_test_fake_stripe'

/** A request Stripe would have received: its form-encoded body decoded into objects. */
export type StripeRequest = { method: string; path: string; body: Record<string, any> }

/**
 * Stripe's `a[b][0][c]=v` form encoding, back into nested objects (arrays
 * stay objects keyed by index, which is enough to assert on).
 */
function decodeForm(text: string) {
  const result: Record<string, any> = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter(Boolean)
    let node = result
    for (const part of path.slice(0, -1)) node = node[part] ??= {}
    node[path[path.length - 1]] = value
  }
  return result
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' })
  res.end(JSON.stringify(body))
}

/**
 * A local stand-in for api.stripe.com speaking its wire format: customers,
 * coupons, Checkout and Billing Portal sessions, and subscriptions (whose
 * state a test sets). The real SDK talks to it through `host`/`port`/
 * `protocol`; every request is recorded as Stripe would receive it.
 */
export async function startFakeStripe() {
  const requests: StripeRequest[] = []
  const subscriptions = new Map<string, Record<string, unknown>>()
  let counter = 0
  let failNext = false
  const next = (prefix: string) => `${prefix}_fake_${++counter}`

  const server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk: Buffer) => (text += chunk))
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
      const body = decodeForm(text)
      requests.push({ method: req.method ?? 'GET', path, body })
      if (failNext) {
        failNext = false
        return send(res, 400, {
          error: { type: 'invalid_request_error', message: 'Fake Stripe refused this request' },
        })
      }
      if (req.method === 'POST' && path === '/v1/customers') {
        return send(res, 200, { id: next('cus'), object: 'customer', ...body })
      }
      if (req.method === 'POST' && path === '/v1/coupons') {
        return send(res, 200, { id: next('coupon'), object: 'coupon', ...body })
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = next('cs')
        return send(res, 200, {
          id,
          object: 'checkout.session',
          ...body,
          url: `https://checkout.stripe.test/c/pay/${id}`,
        })
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        const id = next('bps')
        return send(res, 200, {
          id,
          object: 'billing_portal.session',
          ...body,
          url: `https://billing.stripe.test/p/session/${id}`,
        })
      }
      const subscription = path.match(/^\/v1\/subscriptions\/([\w-]+)$/)
      if (req.method === 'GET' && subscription) {
        const found = subscriptions.get(subscription[1])
        return found
          ? send(res, 200, found)
          : send(res, 404, {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: `No such subscription: '${subscription[1]}'`,
              },
            })
      }
      send(res, 404, { error: { type: 'invalid_request_error', message: `No route ${path}` } })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))

  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    failNextRequest() {
      failNext = true
    },
    /** Sets what GET /v1/subscriptions/:id answers: Stripe's current state. */
    setSubscription(
      id: string,
      state: {
        customer: string
        status: string
        price: string
        metadata?: Record<string, string>
        /** Unix seconds; Stripe keeps the period on the item. */
        currentPeriodEnd?: number
        cancelAtPeriodEnd?: boolean
        cancelAt?: number
      }
    ) {
      subscriptions.set(id, {
        id,
        object: 'subscription',
        customer: state.customer,
        status: state.status,
        metadata: state.metadata ?? {},
        cancel_at_period_end: state.cancelAtPeriodEnd ?? false,
        cancel_at: state.cancelAt ?? null,
        items: {
          object: 'list',
          data: [
            {
              id: `si_${id}`,
              object: 'subscription_item',
              price: { id: state.price },
              current_period_end: state.currentPeriodEnd ?? null,
            },
          ],
        },
      })
    },
    close() {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>

/** For one test: payments through the real Stripe SDK against the fake. */
export async function useFakeStripe(cleanup: (fn: () => Promise<void> | void) => void) {
  const fake = await startFakeStripe()
  app.container.swap(
    PaymentGateway,
    () => new StripeGateway('sk_test_fake', FAKE_WEBHOOK_SECRET, fake.baseUrl)
  )
  cleanup(async () => {
    app.container.restore(PaymentGateway)
    await fake.close()
  })
  return fake
}

/** Posts an event to /webhooks/stripe as Stripe would: raw JSON, signed with `secret`. */
export async function deliverStripeEvent(
  event: { id: string; type: string; data: { object: object } },
  secret = FAKE_WEBHOOK_SECRET
) {
  const payload = JSON.stringify({ object: 'event', created: 1, livemode: false, ...event })
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret })
  const response = await fetch(`http://${env.get('HOST')}:${env.get('PORT')}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  })
  // A refusal outside the app (503 while the database is away) may answer in plain text.
  const json = response.headers.get('content-type')?.includes('json')
  const body = json ? await response.json() : { message: await response.text() }
  return { status: response.status, body: body as Record<string, unknown> }
}
