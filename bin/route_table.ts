/*
|--------------------------------------------------------------------------
| The browser's route table
|--------------------------------------------------------------------------
|
| A Vite plugin serving `virtual:reelforge/routes`: every named route as
| `name: [pattern, methods]`, read from the registry `node ace codegen`
| writes. The registry itself also carries each pattern pre-tokenised and a
| type placeholder per route; the browser needs neither (the types are
| compile-time only), and this table is a quarter of its gzip size.
|
| A production build keeps only the routes the front end names: a route name
| is typed against the registry, so it is always a string literal in the
| source under inertia/, and a name no file there mentions is never asked
| for (most routes are the API's, for scripts). The dev server serves them all.
|
*/
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'

const ID = 'virtual:reelforge/routes'
const RESOLVED = `\0${ID}`
const ROUTE = /'([^']+)': \{\s*methods: (\[[^\]]*\]),\s*pattern: '([^']*)'/g
const LITERAL = /['"`]([\w-]+(?:\.[\w-]+)+)['"`]/g

/** Every dotted string literal in the front end's sources: the route names it can ask for. */
function namesInSources(dir: string) {
  const names = new Set<string>()
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(entry)) continue
    for (const [, name] of readFileSync(join(dir, entry), 'utf8').matchAll(LITERAL)) names.add(name)
  }
  return names
}

export function routeTable(root: string): Plugin {
  const registry = join(root, '.adonisjs/client/registry/index.ts')
  let build = false
  return {
    name: 'reelforge:route-table',
    configResolved: (config) => {
      build = config.command === 'build'
    },
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return
      this.addWatchFile(registry)
      const wanted = build ? namesInSources(join(root, 'inertia')) : null
      const table: Record<string, [string, string[]]> = {}
      for (const [, name, methods, pattern] of readFileSync(registry, 'utf8').matchAll(ROUTE)) {
        if (!wanted || wanted.has(name)) table[name] = [pattern, JSON.parse(methods)]
      }
      if (Object.keys(table).length === 0) {
        throw new Error(`No routes found in ${registry}: has its format changed?`)
      }
      return `export default ${JSON.stringify(table)}`
    },
  }
}
