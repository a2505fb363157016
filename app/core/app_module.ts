import type { HttpContext } from '@adonisjs/core/http'
import type { BaseCommand } from '@adonisjs/core/ace'
import type { JobClass } from '#core/queue/job'

type Lazy<T> = () => Promise<{ default: T }>

/**
 * What a module brings to the app, declared in its own `module.ts`
 * (README.md, Modules): `start/` walks these and keeps no list of its own.
 * Everything is loaded lazily, so a process takes only what it runs: the
 * web server the routes, the worker the jobs, Ace the commands.
 */
export type AppModule = {
  name: string
  /** Its routes, with the MCP tools and API descriptions beside them: registered when imported. */
  routes: () => Promise<unknown>
  /** The background jobs its worker runs. */
  jobs?: Lazy<JobClass>[]
  /** Its Ace commands (`npm run ace -- list`). */
  commands?: Lazy<typeof BaseCommand>[]
  /**
   * Requests CSRF does not guard, each for a reason of its own: a webhook
   * signs its body, a token without a cookie is no browser's
   * (docs/decisions.md, Identity and access).
   */
  csrfExempt?: (ctx: HttpContext) => boolean
}

export function defineModule(module: AppModule) {
  return module
}

/** What the modules list under `pick`, loaded. */
export async function loadDeclared<T>(
  modules: AppModule[],
  pick: (module: AppModule) => Lazy<T>[] | undefined
) {
  return Promise.all(
    modules
      .flatMap((module) => pick(module) ?? [])
      .map(async (load) => {
        const loaded = await load()
        return loaded.default
      })
  )
}
