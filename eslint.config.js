import { configApp } from '@adonisjs/eslint-config'
import { react } from '@adonisjs/eslint-config/react'

/**
 * Module dependency direction (ARCHITECTURE.md § Modules): for each module,
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

const moduleBoundaries = Object.entries(forbiddenImports)
  .filter(([, forbidden]) => forbidden.length > 0)
  .map(([module, forbidden]) => ({
    name: `Module boundaries: ${module}`,
    files: [`app/${module}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: forbidden.map((other) => ({
            regex: `^(#${other}/|#app/${other}/|(\\.\\./)+${other}/|.*/app/${other}/)`,
            message: `The ${module} module must not depend on ${other} (see ARCHITECTURE.md § Modules).`,
          })),
        },
      ],
    },
  }))

export default configApp(...react, ...moduleBoundaries, {
  ignores: ['tmp/**', 'storage/**', 'public/**'],
})
