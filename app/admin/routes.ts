/*
|--------------------------------------------------------------------------
| admin routes
|--------------------------------------------------------------------------
|
| The operator's /admin pages and /api/admin/*: signed out → /auth or 401,
| anyone but the operator → Access Denied or 403 (OperatorMiddleware, over
| the accessAdminArea ability). The page's writes are Inertia visits to
| /admin/*, the API's the same actions under /api/admin/*. Each route is
| named admin.<resource>.<action>.
|
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { databaseIdParam } from '#core/database_id'

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

    // The /admin page's forms: Inertia visits to the same controllers as /api/admin, answered
    // with a redirect back and a flash (or the fields' errors) instead of JSON.
    router
      .group(() => {
        router
          .post('/unlimited-credits', [AdminCreditsController, 'store'])
          .as('admin.unlimited_credits_form.store')
        router.post('/plans', [AdminPlansController, 'store']).as('admin.plan_forms.store')
        router.patch('/plans/:id', [AdminPlansController, 'update']).as('admin.plan_forms.update')
        router
          .delete('/plans/:id', [AdminPlansController, 'destroy'])
          .as('admin.plan_forms.destroy')
        router.post('/coupons', [AdminCouponsController, 'store']).as('admin.coupon_forms.store')
        router
          .patch('/coupons/:id', [AdminCouponsController, 'update'])
          .as('admin.coupon_forms.update')
        router
          .post('/credit-packs', [AdminCreditPacksController, 'store'])
          .as('admin.credit_pack_forms.store')
        router
          .patch('/credit-packs/:id', [AdminCreditPacksController, 'update'])
          .as('admin.credit_pack_forms.update')
        router
          .delete('/credit-packs/:id', [AdminCreditPacksController, 'destroy'])
          .as('admin.credit_pack_forms.destroy')
        router
          .post('/music-tracks', [AdminMusicTracksController, 'store'])
          .as('admin.music_track_forms.store')
        router
          .put('/music-tracks/:id', [AdminMusicTracksController, 'update'])
          .as('admin.music_track_forms.update')
        router
          .delete('/music-tracks/:id', [AdminMusicTracksController, 'destroy'])
          .as('admin.music_track_forms.destroy')
      })
      .prefix('/admin')
      .where('id', databaseIdParam)

    router
      .group(() => {
        router.get('/stats', [AdminDashboardController, 'stats']).as('admin.stats.show')
        router
          .post('/unlimited-credits', [AdminCreditsController, 'store'])
          .as('admin.unlimited_credits.store')

        router.get('/plans', [AdminPlansController, 'index']).as('admin.plans.index')
        router.post('/plans', [AdminPlansController, 'store']).as('admin.plans.store')
        router.patch('/plans/:id', [AdminPlansController, 'update']).as('admin.plans.update')
        router.delete('/plans/:id', [AdminPlansController, 'destroy']).as('admin.plans.destroy')

        router.get('/coupons', [AdminCouponsController, 'index']).as('admin.coupons.index')
        router.post('/coupons', [AdminCouponsController, 'store']).as('admin.coupons.store')
        router.patch('/coupons/:id', [AdminCouponsController, 'update']).as('admin.coupons.update')

        router
          .get('/credit-packs', [AdminCreditPacksController, 'index'])
          .as('admin.credit_packs.index')
        router
          .post('/credit-packs', [AdminCreditPacksController, 'store'])
          .as('admin.credit_packs.store')
        router
          .patch('/credit-packs/:id', [AdminCreditPacksController, 'update'])
          .as('admin.credit_packs.update')
        router
          .delete('/credit-packs/:id', [AdminCreditPacksController, 'destroy'])
          .as('admin.credit_packs.destroy')

        router
          .get('/music-tracks', [AdminMusicTracksController, 'index'])
          .as('admin.music_tracks.index')
        router
          .post('/music-tracks', [AdminMusicTracksController, 'store'])
          .as('admin.music_tracks.store')
        router
          .put('/music-tracks/:id', [AdminMusicTracksController, 'update'])
          .as('admin.music_tracks.update')
        router
          .delete('/music-tracks/:id', [AdminMusicTracksController, 'destroy'])
          .as('admin.music_tracks.destroy')
      })
      .prefix('/api/admin')
      .where('id', databaseIdParam)
  })
  .use([middleware.auth(), middleware.operator()])
