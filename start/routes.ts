/*
|--------------------------------------------------------------------------
| Routes
|--------------------------------------------------------------------------
|
| Each module owns its routes and declares them in its module.ts; this
| file registers them in the modules' order.
|
*/
import router from '@adonisjs/core/services/router'
import { modules } from '#start/modules'

for (const module of modules) await module.routes()

/**
 * Last: a GET no module claims still runs the router middleware (session,
 * signed-in user) before it answers the not-found page.
 */
const UnknownPagesController = () => import('#core/controllers/unknown_pages_controller')
router.get('/*', [UnknownPagesController, 'show']).as('core.unknown_pages.show')
