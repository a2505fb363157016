/*
|--------------------------------------------------------------------------
| Page weight
|--------------------------------------------------------------------------
|
| For every Inertia page, the JavaScript a first visit downloads before the
| page can paint: the app entry, the page's own chunk and every chunk they
| import statically (lazy imports excluded), each counted once, gzipped.
| Read from a Vite build's manifest. `npm run bench:pages` prints it; the
| browser suite's production build checks the budget.
|
*/
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

type Chunk = { file: string; src?: string; imports?: string[]; isDynamicEntry?: boolean }

/** What a first visit of each page downloads, in kB of gzip, over the shell every page loads. */
export function pageWeights(dir: string) {
  const manifest: Record<string, Chunk> = JSON.parse(
    readFileSync(join(dir, '.vite/manifest.json'), 'utf8')
  )
  const gzipped = new Map<string, number>()
  const gzipKb = (file: string) => {
    if (!gzipped.has(file)) {
      gzipped.set(file, gzipSync(readFileSync(join(dir, file)), { level: 9 }).length / 1024)
    }
    return gzipped.get(file)!
  }
  /** The chunk keys `key` needs before it runs: itself and its static imports, transitively. */
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key)) return seen
    seen.add(key)
    for (const imported of manifest[key].imports ?? []) closure(imported, seen)
    return seen
  }

  const entry = Object.keys(manifest).find((key) => key === 'inertia/app.tsx')
  if (!entry) throw new Error(`no inertia/app.tsx entry in ${dir}/.vite/manifest.json`)
  const shell = closure(entry)
  const pages = Object.keys(manifest)
    .filter((key) => key.startsWith('inertia/pages/') && manifest[key].isDynamicEntry)
    .sort()
    .map((key) => {
      const chunks = closure(key, new Set(shell))
      const totalKb = [...chunks].reduce((sum, chunk) => sum + gzipKb(manifest[chunk].file), 0)
      const own = [...closure(key)].filter((chunk) => !shell.has(chunk))
      const pageKb = own.reduce((sum, chunk) => sum + gzipKb(manifest[chunk].file), 0)
      return { page: key.replace(/^inertia\/pages\/|\.tsx$/g, ''), pageKb, totalKb }
    })
  const shellKb = [...shell].reduce((sum, chunk) => sum + gzipKb(manifest[chunk].file), 0)
  return { shellKb, pages }
}
