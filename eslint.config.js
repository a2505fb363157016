import { configApp } from '@adonisjs/eslint-config'
import { react } from '@adonisjs/eslint-config/react'

const MODULES = ['core', 'auth', 'studio', 'media', 'billing', 'admin']

/**
 * Module dependency direction (README.md, Modules): for each module,
 * the modules it must never import. `core` is imported by everyone and
 * imports no one; `admin` may read all.
 */
const forbiddenImports = {
  core: ['auth', 'studio', 'media', 'billing', 'admin'],
  auth: ['studio', 'media', 'billing', 'admin'],
  media: ['auth', 'studio', 'billing', 'admin'],
  billing: ['studio', 'media', 'admin'],
  studio: ['admin'],
  admin: [],
}

/** An import of `path` inside app/<module>/, by alias, by `#app/` or by a relative path. */
function inModule(module, path = '') {
  return `^(#${module}/${path}|#app/${module}/${path}|(\\.\\./)+${module}/${path}|.*/app/${module}/${path})`
}

/**
 * Models a module may name only as a type: it reads and writes another
 * module's rows through that module's queries, actions and contracts.
 */
const foreignModels = {
  studio: [
    { module: 'media', typeOnly: false },
    { module: 'auth', typeOnly: true },
  ],
  billing: [{ module: 'auth', typeOnly: true }],
}

/** Server code never depends on the front end, by its alias or by a relative path. */
const frontEnd = {
  regex: '^(~/|@generated/|\\.{1,2}/(.*/)?inertia/|/.*/inertia/)',
  message:
    'Server code must not import the front end (inertia/); shared pure code lives in app/shared (#shared/*).',
}

function moduleRules(module) {
  const patterns = [
    frontEnd,
    ...forbiddenImports[module].map((other) => ({
      regex: inModule(other),
      message: `The ${module} module must not depend on ${other} (see README.md, Modules).`,
    })),
    ...(foreignModels[module] ?? []).map(({ module: other, typeOnly }) => ({
      regex: inModule(other, 'models/'),
      allowTypeImports: typeOnly,
      message: `The ${module} module must not use ${other}'s models${typeOnly ? ' except as types' : ''}: go through ${other}'s queries, actions or contracts (see README.md, Modules).`,
    })),
  ]
  return restrict(`Module boundaries: ${module}`, [`app/${module}/**/*.ts`], patterns)
}

function restrict(name, files, patterns) {
  return {
    name,
    files,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
  }
}

const boundaries = [
  restrict(
    'Boundaries: server code',
    [
      'app/**/*.ts',
      'bin/**/*.ts',
      'start/**/*.ts',
      'config/**/*.ts',
      'database/**/*.ts',
      'tests/**/*.ts',
    ],
    [frontEnd]
  ),
  ...MODULES.map(moduleRules),
  restrict(
    'Boundaries: shared code',
    ['app/shared/**/*.ts'],
    [
      {
        regex: `^(#(?!shared/)|~/|@generated/|@adonisjs/|@inertiajs/|react(-dom)?(/|$)|(\\.\\./)+(${[...MODULES, 'inertia'].join('|')})/|.*/(app/(?!shared/)|inertia/))`,
        message:
          'app/shared is pure code both sides import: no module, no front end, no framework (see app/shared/README.md).',
      },
    ]
  ),
  restrict(
    "Boundaries: a module's public code",
    ['app/*/public/**/*.ts'],
    [
      {
        regex: `^(#(?!shared/)|~/|@generated/|@adonisjs/|@inertiajs/|react(-dom)?(/|$)|(\\.\\./)+(${['models', 'services', 'actions', 'queries', ...MODULES, 'inertia'].join('|')})/|.*/(app/|inertia/))`,
        message:
          "A module's public/ folder is pure code the pages import too: only app/shared and its own folder, no framework (see app/shared/README.md).",
      },
    ]
  ),
  restrict(
    'Boundaries: front end',
    ['inertia/**/*.{ts,tsx}'],
    [
      {
        regex: '^(#|(\\.\\./)+(app/(?!shared/)|start/|config/|database/|bin/))',
        message:
          "The front end reaches the server only through generated types (@generated/*), shared code (@shared/*) and a module's public code (@studio/*, @media/*, @billing/*).",
      },
    ]
  ),
]

export default configApp(...react, ...boundaries, {
  ignores: ['tmp/**', 'storage/**', 'public/**'],
})
