import { readdir, readFile } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'

const ROOT = app.makePath()
const MEDIA = join(ROOT, 'app/media')

/** Static, side-effect and dynamic imports: `from '…'`, `import '…'`, `import('…')`. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)'([^']+)'/g

/** Where an import points inside the project, relative to its root; null for a package. */
function target(file: string, specifier: string) {
  if (specifier.startsWith('.')) return relative(ROOT, resolve(dirname(file), specifier))
  const alias = /^#(core|auth|studio|media|billing|admin)\/(.*)$/.exec(specifier)
  if (alias) return join('app', alias[1], alias[2])
  if (specifier.startsWith('#app/')) return join('app', specifier.slice('#app/'.length))
  if (specifier.startsWith('#')) return specifier.slice(1)
  return null
}

async function importsOf(file: string) {
  const source = await readFile(file, 'utf8')
  return [...source.matchAll(IMPORT)].flatMap(([, specifier]) => {
    const to = target(file, specifier)
    return to ? [{ specifier, to }] : []
  })
}

async function tsFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** The folder of app/media a path is in (`render`, `providers`, …), or `.` for its own files. */
function mediaFolder(path: string) {
  const inside = relative('app/media', path)
  return inside.includes('/') ? inside.split('/')[0] : '.'
}

/** Each folder of app/media and the other folders of app/media its files import. */
async function mediaFolderGraph() {
  const graph = new Map<string, Set<string>>()
  for (const file of await tsFiles(MEDIA)) {
    const from = mediaFolder(relative(ROOT, file))
    const edges = graph.get(from) ?? new Set<string>()
    graph.set(from, edges)
    for (const { to } of await importsOf(file)) {
      if (to.startsWith('app/media/') && mediaFolder(to) !== from) edges.add(mediaFolder(to))
    }
  }
  return graph
}

/** One cycle of the graph, as the folders along it; null when there is none. */
function findCycle(graph: Map<string, Set<string>>) {
  const done = new Set<string>()
  const path: string[] = []
  const visit = (node: string): string[] | null => {
    if (path.includes(node)) return [...path.slice(path.indexOf(node)), node]
    if (done.has(node)) return null
    path.push(node)
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next)
      if (cycle) return cycle
    }
    path.pop()
    done.add(node)
    return null
  }
  for (const node of graph.keys()) {
    const cycle = visit(node)
    if (cycle) return cycle
  }
  return null
}

test.group('Media import boundaries', () => {
  test('the providers never import the renderer, which reads their contracts', async ({
    assert,
  }) => {
    const offending: string[] = []
    for (const file of await tsFiles(join(MEDIA, 'providers'))) {
      for (const { specifier, to } of await importsOf(file)) {
        if (to.startsWith('app/media/render/')) {
          offending.push(`${relative(ROOT, file)} imports ${specifier}`)
        }
      }
    }

    assert.deepEqual(offending, [])
    const graph = await mediaFolderGraph()
    assert.isTrue(graph.get('render')?.has('providers'), 'render/ reads providers/contracts.ts')
  })

  test('the folders of app/media import one another without a cycle', async ({ assert }) => {
    const cycle = findCycle(await mediaFolderGraph())

    assert.isNull(cycle, `import cycle: ${cycle?.join(' → ')}`)
  })

  test('the ffmpeg helpers import nothing else of the media module', async ({ assert }) => {
    const graph = await mediaFolderGraph()

    assert.deepEqual([...(graph.get('ffmpeg') ?? [])], [])
  })

  test('config/ai.ts imports no app code', async ({ assert }) => {
    const imports = await importsOf(join(ROOT, 'config/ai.ts'))

    assert.deepEqual(
      imports.filter(({ to }) => to.startsWith('app/')).map(({ specifier }) => specifier),
      []
    )
    assert.includeMembers(
      imports.map(({ specifier }) => specifier),
      ['#start/env']
    )
  })

  test('a cycle is found where there is one', ({ assert }) => {
    const graph = new Map([
      ['render', new Set(['providers', 'ffmpeg'])],
      ['providers', new Set(['render'])],
      ['ffmpeg', new Set<string>()],
    ])

    assert.deepEqual(findCycle(graph), ['render', 'providers', 'render'])
    graph.set('providers', new Set(['ffmpeg']))
    assert.isNull(findCycle(graph))
  })
})
