import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { readFile } from 'node:fs/promises'
import { registeredRoutes } from '#tests/helpers/route_fuzz'

/** Routes the router has only in some environments: the dev mailbox (development) and the bench route. */
const ONLY_SOMETIMES = new Set(['auth.dev_mailbox.index', 'core.bench.bare'])
const ROUTE_NAME = /^[a-z_]+(\.[a-z_]+){2}$/

/**
 * The route names docs/product.md's Routes tables list: each backticked
 * name, with `.action` after a name standing for that name's resource with
 * another action (`admin.plans.update` / `.destroy`); the framework's own
 * routes as the paragraph under Page writes names them.
 */
async function documentedNames() {
  const product = await readFile(app.makePath('docs/product.md'), 'utf8')
  const routes = product.slice(product.indexOf('\n## Routes'))
  const names = new Set<string>()
  for (const line of routes.split('\n')) {
    let last: string | null = null
    for (const [, token] of line.matchAll(/`([^`]+)`/g)) {
      if (ROUTE_NAME.test(token)) {
        names.add(token)
        last = token
      } else if (/^\.[a-z_]+$/.test(token) && last) {
        names.add(last.replace(/\.[a-z_]+$/, token))
      } else if (/^[a-z_]+$/.test(token)) {
        names.add(token)
      }
    }
  }
  return names
}

test.group('Routes in docs/product.md', () => {
  test('the tables list every route the router has, and none it has not', async ({ assert }) => {
    const documented = await documentedNames()
    // A test may register a route of its own (named test.*): not the app's.
    const registered = new Set(
      registeredRoutes()
        .map((route) => route.name)
        .filter((name) => !name.startsWith('test.'))
    )

    const undocumented = [...registered].filter((name) => !documented.has(name)).sort()
    const gone = [...documented]
      .filter((name) => ROUTE_NAME.test(name) && !registered.has(name) && !ONLY_SOMETIMES.has(name))
      .sort()

    assert.isAbove(registered.size, 100)
    assert.deepEqual(undocumented, [], 'routes missing from docs/product.md, Routes')
    assert.deepEqual(gone, [], 'docs/product.md, Routes names routes the router does not have')
  })
})
