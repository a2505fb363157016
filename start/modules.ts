/*
|--------------------------------------------------------------------------
| Modules
|--------------------------------------------------------------------------
|
| The app's modules, in the order their routes register; each declares what
| it brings in its own module.ts (README.md, Modules).
|
*/
import type { HttpContext } from '@adonisjs/core/http'
import core from '#core/module'
import auth from '#auth/module'
import studio from '#studio/module'
import media from '#media/module'
import billing from '#billing/module'
import admin from '#admin/module'

export const modules = [core, auth, studio, media, billing, admin]

/** Whether a module exempts this request from CSRF (config/shield.ts). */
export function isCsrfExempt(ctx: HttpContext) {
  return modules.some((module) => module.csrfExempt?.(ctx) ?? false)
}
