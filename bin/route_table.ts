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
*/
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'

const ID = 'virtual:reelforge/routes'
const RESOLVED = `\0${ID}`
const ROUTE = /'([^']+)': \{\s*methods: (\[[^\]]*\]),\s*pattern: '([^']*)'/g

export function routeTable(root: string): Plugin {
  const registry = join(root, '.adonisjs/client/registry/index.ts')
  return {
    name: 'reelforge:route-table',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return
      this.addWatchFile(registry)
      const table: Record<string, [string, string[]]> = {}
      for (const [, name, methods, pattern] of readFileSync(registry, 'utf8').matchAll(ROUTE)) {
        table[name] = [pattern, JSON.parse(methods)]
      }
      if (Object.keys(table).length === 0) {
        throw new Error(`No routes found in ${registry}: has its format changed?`)
      }
      return `export default ${JSON.stringify(table)}`
    },
  }
}
