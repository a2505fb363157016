import './css/app.css'
import { createRoot } from 'react-dom/client'
import { createInertiaApp, type ResolvedComponent } from '@inertiajs/react'
import { TuyauProvider } from '@adonisjs/inertia/react'
import { resolvePageComponent } from '@adonisjs/inertia/helpers'
import { client } from '~/lib/client'
import { layoutFor } from '~/layouts/layout_for'

createInertiaApp({
  title: (title) => (title ? `${title} · Reelforge` : 'Reelforge'),
  resolve: async (name) => {
    const pages = import.meta.glob<{ default: ResolvedComponent }>('./pages/**/*.tsx')
    const page = await resolvePageComponent(`./pages/${name}.tsx`, pages)
    return page.default
  },
  layout: (name) => layoutFor(name),
  setup({ el, App, props }) {
    createRoot(el).render(
      <TuyauProvider client={client}>
        <App {...props} />
      </TuyauProvider>
    )
  },
  progress: {
    color: '#7c3aed',
  },
})
