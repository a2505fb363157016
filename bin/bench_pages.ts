/*
|--------------------------------------------------------------------------
| Page weight: `npm run bench:pages` (after a Vite build)
|--------------------------------------------------------------------------
|
| For every Inertia page, the JavaScript a first visit downloads before the
| page can paint: the app entry, the page's own chunk and every chunk they
| import statically (lazy imports excluded), each counted once, gzipped.
| Read from the Vite manifest; exits non-zero when a page is over budget.
|
*/
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'

type Chunk = { file: string; src?: string; imports?: string[]; isDynamicEntry?: boolean }

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'public/assets' },
    budget: { type: 'string', default: '120' },
  },
})
const dir = values.dir
const budgetKb = Number(values.budget)
const manifest: Record<string, Chunk> = JSON.parse(
  readFileSync(join(dir, '.vite/manifest.json'), 'utf8')
)

const gzipped = new Map<string, number>()
function gzipKb(file: string) {
  if (!gzipped.has(file)) {
    gzipped.set(file, gzipSync(readFileSync(join(dir, file)), { level: 9 }).length / 1024)
  }
  return gzipped.get(file)!
}

/** The chunk keys `key` needs before it runs: itself and its static imports, transitively. */
function closure(key: string, seen = new Set<string>()) {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const imported of manifest[key].imports ?? []) closure(imported, seen)
  return seen
}

const entry = Object.keys(manifest).find((key) => key === 'inertia/app.tsx')
if (!entry) throw new Error(`no inertia/app.tsx entry in ${dir}/.vite/manifest.json`)
const shell = closure(entry)

const rows = Object.keys(manifest)
  .filter((key) => key.startsWith('inertia/pages/') && manifest[key].isDynamicEntry)
  .sort()
  .map((key) => {
    const chunks = closure(key, new Set(shell))
    const total = [...chunks].reduce((sum, chunk) => sum + gzipKb(manifest[chunk].file), 0)
    const own = [...closure(key)].filter((chunk) => !shell.has(chunk))
    const page = own.reduce((sum, chunk) => sum + gzipKb(manifest[chunk].file), 0)
    return { page: key.replace(/^inertia\/pages\/|\.tsx$/g, ''), page_kb: page, total_kb: total }
  })

const shellKb = [...shell].reduce((sum, chunk) => sum + gzipKb(manifest[chunk].file), 0)
console.log(
  `initial JavaScript per page, gzip (shell: app entry and its imports, ${shellKb.toFixed(1)} kB)`
)
console.log(`| page | page chunks kB | initial total kB | ≤ ${budgetKb} kB |`)
console.log('|---|---:|---:|:-:|')
for (const row of rows) {
  const ok = row.total_kb <= budgetKb
  console.log(
    `| ${row.page} | ${row.page_kb.toFixed(1)} | ${row.total_kb.toFixed(1)} | ${ok ? 'yes' : 'NO'} |`
  )
}
if (rows.some((row) => row.total_kb > budgetKb)) process.exitCode = 1
