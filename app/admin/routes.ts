/*
|--------------------------------------------------------------------------
| admin routes
|--------------------------------------------------------------------------
|
| The operator's /admin pages and /api/admin/*: signed out → /auth or 401,
| anyone but the operator → Access Denied or 403 (OperatorMiddleware, over
| the accessAdminArea ability). Each write is declared once for the page's
| Inertia visit to /admin/* and its /api/admin/* twin. Each route is named
| admin.<resource>.<action>.
|
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { databaseIdParam } from '#core/database_id'
import { pageAndApi } from '#core/http/page_and_api'

const AdminDashboardController = () => import('#admin/controllers/admin_dashboard_controller')
const AdminMusicTracksController = () => import('#admin/controllers/admin_music_tracks_controller')
const AdminPlansController = () => import('#admin/controllers/admin_plans_controller')
const AdminCouponsController = () => import('#admin/controllers/admin_coupons_controller')
const AdminCreditPacksController = () => import('#admin/controllers/admin_credit_packs_controller')
const AdminCreditsController = () => import('#admin/controllers/admin_credits_controller')

router
  .group(() => {
    router.get('/admin', [AdminDashboardController, 'show']).as('admin.dashboard.show')
    router.get('/admin/music', [AdminMusicTracksController, 'show']).as('admin.music.show')

    /*
     * The writes the /admin page makes and /api/admin answers: one handler,
     * a redirect and a flash (or the fields' errors) for the page, JSON for
     * the program.
     */
    const write = (
      method: 'post' | 'put' | 'patch' | 'delete',
      path: string,
      handler: Parameters<typeof pageAndApi>[2],
      names: { page: string; api: string }
    ) =>
      pageAndApi(method, { page: `/admin${path}`, api: `/api/admin${path}` }, handler, names, {
        where: { id: databaseIdParam },
      })
    write('post', '/unlimited-credits', [AdminCreditsController, 'store'], {
      page: 'admin.unlimited_credits_form.store',
      api: 'admin.unlimited_credits.store',
    })
    write('post', '/plans', [AdminPlansController, 'store'], {
      page: 'admin.plan_forms.store',
      api: 'admin.plans.store',
    })
    write('patch', '/plans/:id', [AdminPlansController, 'update'], {
      page: 'admin.plan_forms.update',
      api: 'admin.plans.update',
    })
    write('delete', '/plans/:id', [AdminPlansController, 'destroy'], {
      page: 'admin.plan_forms.destroy',
      api: 'admin.plans.destroy',
    })
    write('post', '/coupons', [AdminCouponsController, 'store'], {
      page: 'admin.coupon_forms.store',
      api: 'admin.coupons.store',
    })
    write('patch', '/coupons/:id', [AdminCouponsController, 'update'], {
      page: 'admin.coupon_forms.update',
      api: 'admin.coupons.update',
    })
    write('post', '/credit-packs', [AdminCreditPacksController, 'store'], {
      page: 'admin.credit_pack_forms.store',
      api: 'admin.credit_packs.store',
    })
    write('patch', '/credit-packs/:id', [AdminCreditPacksController, 'update'], {
      page: 'admin.credit_pack_forms.update',
      api: 'admin.credit_packs.update',
    })
    write('delete', '/credit-packs/:id', [AdminCreditPacksController, 'destroy'], {
      page: 'admin.credit_pack_forms.destroy',
      api: 'admin.credit_packs.destroy',
    })
    write('post', '/music-tracks', [AdminMusicTracksController, 'store'], {
      page: 'admin.music_track_forms.store',
      api: 'admin.music_tracks.store',
    })
    write('put', '/music-tracks/:id', [AdminMusicTracksController, 'update'], {
      page: 'admin.music_track_forms.update',
      api: 'admin.music_tracks.update',
    })
    write('delete', '/music-tracks/:id', [AdminMusicTracksController, 'destroy'], {
      page: 'admin.music_track_forms.destroy',
      api: 'admin.music_tracks.destroy',
    })

    router
      .group(() => {
        router.get('/stats', [AdminDashboardController, 'stats']).as('admin.stats.show')
        router.get('/plans', [AdminPlansController, 'index']).as('admin.plans.index')
        router.get('/coupons', [AdminCouponsController, 'index']).as('admin.coupons.index')
        router
          .get('/credit-packs', [AdminCreditPacksController, 'index'])
          .as('admin.credit_packs.index')
        router
          .get('/music-tracks', [AdminMusicTracksController, 'index'])
          .as('admin.music_tracks.index')
      })
      .prefix('/api/admin')
  })
  .use([middleware.auth(), middleware.operator()])
