import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BaseInertiaMiddleware from '@adonisjs/inertia/inertia_middleware'
import { AccountStanding } from '#auth/contracts/account_standing'
import type User from '#auth/models/user'
import UserTransformer from '#auth/transformers/user_transformer'
import { isOperator } from '#auth/services/operator'
import type { AiConfig } from '#config/ai'

/** Written by the sidebar's collapse toggle in the browser (inertia/layouts/app_layout.tsx). */
const SIDEBAR_COLLAPSED_COOKIE = 'sidebar_collapsed'

/**
 * Props every page receives: the signed-in user (so credits and plan are
 * always current), whether they are the operator, flash messages and
 * validation errors; `offlinePreview` while the local AI driver draws the
 * pictures (the studio pages say so); `sidebarCollapsed` from the cookie the
 * sidebar toggle writes, so the first paint has the right width. Lives in auth because it shares the
 * session's user.
 */
export default class InertiaMiddleware extends BaseInertiaMiddleware {
  async share(ctx: HttpContext) {
    const { session, auth } = ctx as Partial<HttpContext>
    const user = auth?.user
    const account = user ? await this.#account(ctx, user) : null
    return {
      errors: ctx.inertia.always(this.getValidationErrors(ctx)),
      flash: ctx.inertia.always({
        success: session?.flashMessages.get('success') as string | undefined,
        error: session?.flashMessages.get('error') as string | undefined,
      }),
      user: ctx.inertia.always(
        account ? UserTransformer.transform(account).useVariant('forSharedProps') : null
      ),
      isAdmin: ctx.inertia.always(isOperator(user)),
      sidebarCollapsed:
        ctx.request.plainCookie(SIDEBAR_COLLAPSED_COOKIE, { encoded: false }) === '1',
      offlinePreview: app.config.get<AiConfig>('ai').driver === 'local',
    }
  }

  /** The signed-in user with the plan and balance billing keeps (asked only when signed in). */
  async #account(ctx: HttpContext, user: User) {
    const standing = await ctx.containerResolver.make(AccountStanding)
    return standing.account(user)
  }

  async handle(ctx: HttpContext, next: NextFn) {
    await this.init(ctx)
    const output = await next()
    this.dispose(ctx)
    return output
  }
}

declare module '@adonisjs/inertia/types' {
  type MiddlewareSharedProps = InferSharedProps<InertiaMiddleware>
  export interface SharedProps extends MiddlewareSharedProps {}
}
