import router from '@adonisjs/core/services/router'
import type { Route } from '@adonisjs/core/http'

type Method = 'post' | 'put' | 'patch' | 'delete'
type Handler = Parameters<typeof router.post>[1]
type Matcher = Parameters<Route['where']>[1]
type Middleware = Parameters<Route['use']>[0]

/**
 * A write a page makes and its `/api` twin answers, declared once: both
 * routes run the same handler under the same middleware and parameter
 * matchers, and differ only in how the answer is written (`WriteAnswer`:
 * a redirect with a toast to the page, JSON to the program).
 */
export function pageAndApi(
  method: Method,
  paths: { page: string; api: string },
  handler: Handler,
  names: { page: string; api: string },
  { use = [], where = {} }: { use?: Middleware; where?: Record<string, Matcher> } = {}
) {
  for (const face of ['page', 'api'] as const) {
    const route = router[method](paths[face], handler).as(names[face])
    for (const [param, matcher] of Object.entries(where)) route.where(param, matcher)
    route.use(use)
  }
}
