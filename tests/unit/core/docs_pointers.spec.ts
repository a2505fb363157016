import { test } from '@japa/runner'
import { readFile, readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import app from '@adonisjs/core/services/app'

/** Where comments live that must make sense to someone with only the repository. */
const SOURCE_DIRS = ['app', 'config', 'start', 'bin', 'database', 'resources', 'tests', 'inertia']
/** The project's own files at its root, whose comments count too. */
const ROOT_FILES = ['eslint.config.js', 'adonisrc.ts', 'vite.config.ts', 'ace.js']
/** Citations of the first design's documents, which are not in the repository. */
const OUTSIDE_CITATION = new RegExp(
  [
    'spec \u00a7',
    '\u00a7\\s?\\d',
    '(?<!docs/)decisions\\.md',
    'product[-]spec',
    '(ARCHITECTURE|STYLE|TOOLCHAIN)\\.md',
  ].join('|')
)
/** "docs/<page>.md" or "README.md", with a section after a comma. */
const POINTER =
  /(?:docs\/([a-z_]+\.md)|(README\.md))(?:, ((?:[A-Z][\w&]*|and|of)(?: (?:[A-Z][\w&]*|and|of|shell|plans))*))?/g

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(app.makePath(dir), { withFileTypes: true }).catch(() => [])
  const files = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return sourceFiles(path)
      return /\.(ts|tsx|js|edge)$/.test(entry.name) ? [path] : []
    })
  )
  return files.flat()
}

async function allSourceFiles() {
  const lists = await Promise.all(SOURCE_DIRS.map(sourceFiles))
  return [...ROOT_FILES, ...lists.flat()]
}

/** A section a pointer may name: a heading, or a glossary term in bold. */
function sections(markdown: string) {
  const headings = [...markdown.matchAll(/^#{1,3} (.+)$/gm)].map((match) => match[1])
  const terms = [...markdown.matchAll(/^\*\*([^*]+?)\.?\*\*/gm)].map((match) => match[1])
  return [...headings, ...terms]
}

test.group('Docs pointers', () => {
  test('every "docs/<page>.md, <Section>" or "README.md, <Section>" in a comment names a page and a section that exist', async ({
    assert,
  }) => {
    const broken: string[] = []
    const pages = new Map<string, string[]>()
    for (const file of await allSourceFiles()) {
      const text = await readFile(app.makePath(file), 'utf8')
      for (const [pointer, docsPage, readme, section] of text.matchAll(POINTER)) {
        const page = docsPage ? join('docs', docsPage) : readme
        if (!pages.has(page)) {
          const markdown = await readFile(app.makePath(page), 'utf8').catch(() => null)
          pages.set(page, markdown === null ? [] : sections(markdown))
        }
        const known = pages.get(page)!
        const found = section ? known.some((title) => title.startsWith(section)) : known.length > 0
        if (!found) broken.push(`${relative(app.makePath(), app.makePath(file))}: ${pointer}`)
      }
    }
    assert.deepEqual(broken, [])
  })

  test('no comment cites a spec outside the repository', async ({ assert }) => {
    const citing: string[] = []
    for (const file of await allSourceFiles()) {
      const text = await readFile(app.makePath(file), 'utf8')
      if (OUTSIDE_CITATION.test(text)) citing.push(file)
    }
    assert.deepEqual(citing, [])
  })
})
