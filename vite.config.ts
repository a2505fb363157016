import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import adonisjs from '@adonisjs/vite/client'
import { precompress } from './bin/precompress.ts'
import { routeTable } from './bin/route_table.ts'
import { pureComponents } from './bin/pure_components.ts'

/** The modules with pure code of their own the pages import (`@<module>/*`: app/<module>/public/). */
const PUBLIC_MODULES = ['studio', 'media', 'billing']

export default defineConfig({
  plugins: [
    tailwindcss(),
    react(),
    adonisjs({ entryPoints: ['inertia/app.tsx'], reload: ['resources/views/**/*.edge'] }),
    precompress(),
    routeTable(import.meta.dirname),
    pureComponents(),
  ],
  resolve: {
    alias: {
      '~/': `${import.meta.dirname}/inertia/`,
      '@generated': `${import.meta.dirname}/.adonisjs/client/`,
      // Pure code both sides use (no framework, no module's models): see app/shared/README.md.
      '@shared': `${import.meta.dirname}/app/shared/`,
      // A module's own pure code the pages use too: its public/ folder (same README).
      ...Object.fromEntries(
        PUBLIC_MODULES.map((name) => [`@${name}`, `${import.meta.dirname}/app/${name}/public/`])
      ),
    },
  },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          /**
           * Everything the app entry imports statically (React, Inertia, the
           * layouts) runs on every page anyway: one chunk for all of it, not
           * a dozen split by which lazy part also uses them (each chunk costs
           * its import lines on every page that loads it).
           */
          groups: [{ name: 'shell', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    watch: {
      ignored: ['**/storage/**', '**/tmp/**'],
    },
    /**
     * The dev server runs inside the app and would answer any file under the
     * project root (config, storage, the embedded database's files): it may
     * serve the front end, its generated client, the pure code both sides
     * share (app/shared, a module's public/) and its dependencies only
     * (resources/ holds server-side Edge views, which it never needs).
     */
    fs: {
      strict: true,
      allow: [
        'inertia',
        '.adonisjs/client',
        'app/shared',
        ...PUBLIC_MODULES.map((name) => `app/${name}/public`),
        'node_modules',
      ].map((dir) => `${import.meta.dirname}/${dir}`),
    },
  },
})
