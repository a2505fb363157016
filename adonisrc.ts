import { indexEntities } from '@adonisjs/core'
import { defineConfig } from '@adonisjs/core/app'
import { indexPages } from '@adonisjs/inertia'
import { generateRegistry } from '@tuyau/core/hooks'
import { indexApiValidators } from '#core/openapi/index_api_validators'
import { indexApiResponses } from '#core/openapi/index_api_responses'

export default defineConfig({
  experimental: {},

  /**
   * Ace commands from packages, then ours (they live in their modules,
   * each listed in its module.ts; start/commands.ts gathers them).
   */
  commands: [
    () => import('@adonisjs/core/commands'),
    () => import('@adonisjs/lucid/commands'),
    () => import('#start/commands'),
  ],

  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    {
      file: () => import('@adonisjs/core/providers/repl_provider'),
      environment: ['repl', 'test'],
    },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/core/providers/edge_provider'),
    () => import('@adonisjs/session/session_provider'),
    () => import('@adonisjs/vite/vite_provider'),
    () => import('@adonisjs/shield/shield_provider'),
    () => import('@adonisjs/static/static_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/inertia/inertia_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('@adonisjs/mail/mail_provider'),
    () => import('@adonisjs/redis/redis_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('@adonisjs/drive/drive_provider'),
    () => import('@adonisjs/transmit/transmit_provider'),
    () => import('@adonisjs/bouncer/bouncer_provider'),
    () => import('#core/providers/queue_provider'),
    () => import('#auth/providers/auth_module_provider'),
    () => import('#billing/providers/billing_provider'),
    () => import('#media/media_provider'),
    () => import('#studio/providers/studio_provider'),
    () => import('#core/providers/boot_report_provider'),
  ],

  preloads: [
    () => import('#start/routes'),
    () => import('#start/kernel'),
    { file: () => import('#start/dev_server'), environment: ['web'] },
  ],

  tests: {
    suites: [
      {
        files: ['tests/unit/**/*.spec.{ts,js}'],
        name: 'unit',
        timeout: 10_000,
      },
      {
        files: ['tests/functional/**/*.spec.{ts,js}'],
        name: 'functional',
        timeout: 60_000,
      },
      {
        files: ['tests/browser/**/*.spec.{ts,js}'],
        name: 'browser',
        timeout: 120_000,
      },
      {
        // Last: checks what the suites before it saw (tests/helpers/observed_answers.ts).
        files: ['tests/contract/**/*.spec.{ts,js}'],
        name: 'contract',
        timeout: 30_000,
      },
    ],
    forceExit: false,
  },

  metaFiles: [
    { pattern: 'resources/views/**/*.edge', reloadServer: false },
    { pattern: 'public/**', reloadServer: false },
    // The music library's beds, which `ace music:seed` copies into storage (docs/music.md, First boot).
    { pattern: 'resources/music/**', reloadServer: false },
  ],

  hooks: {
    init: [
      indexEntities({
        transformers: {
          enabled: true,
          source: './app',
          glob: ['**/transformers/*_transformer.ts'],
          importAlias: '#app',
          withSharedProps: true,
          inertiaMiddlewareImportPath: '#auth/middleware/inertia_middleware',
        },
        controllers: {
          enabled: true,
          source: './app',
          glob: ['**/controllers/*_controller.ts'],
          importAlias: '#app',
        },
      }),
      indexPages({ framework: 'react' }),
      generateRegistry(),
      indexApiValidators(),
      indexApiResponses(),
    ],
    buildStarting: [() => import('@adonisjs/vite/build_hook')],
  },
})
