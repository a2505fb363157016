/*
|--------------------------------------------------------------------------
| Routes
|--------------------------------------------------------------------------
|
| Each module owns its routes; this file only imports them.
|
*/
import '#core/routes'
import '#auth/routes'
import '#studio/routes'
import '#media/routes'
import '#billing/routes'
import '#admin/routes'

/**
 * Last: a GET no module claims still runs the router middleware (session,
 * signed-in user) before it answers the not-found page.
 */
import router from '@adonisjs/core/services/router'
const UnknownPagesController = () => import('#core/controllers/unknown_pages_controller')
router.get('/*', [UnknownPagesController, 'show']).as('core.unknown_pages.show')
