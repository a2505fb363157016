/*
|--------------------------------------------------------------------------
| Page weight: `npm run bench:pages` (after a Vite build)
|--------------------------------------------------------------------------
|
| Prints each page's first-visit JavaScript (bin/page_weights.ts) against
| the budget; exits non-zero when a page is over it.
|
*/
import { parseArgs } from 'node:util'
import { pageWeights } from './page_weights.ts'

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'public/assets' },
    budget: { type: 'string', default: '120' },
  },
})
const budgetKb = Number(values.budget)
const { shellKb, pages } = pageWeights(values.dir)

console.log(
  `initial JavaScript per page, gzip (shell: app entry and its imports, ${shellKb.toFixed(1)} kB)`
)
console.log(`| page | page chunks kB | initial total kB | ≤ ${budgetKb} kB |`)
console.log('|---|---:|---:|:-:|')
for (const row of pages) {
  const ok = row.totalKb <= budgetKb
  console.log(
    `| ${row.page} | ${row.pageKb.toFixed(1)} | ${row.totalKb.toFixed(1)} | ${ok ? 'yes' : 'NO'} |`
  )
}
if (pages.some((row) => row.totalKb > budgetKb)) process.exitCode = 1
