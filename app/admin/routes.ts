/*
|--------------------------------------------------------------------------
| admin routes
|--------------------------------------------------------------------------
|
| The operator's /admin pages and /api/admin/*: signed out → /auth or 401,
| anyone but the operator → Access Denied or 403 (OperatorMiddleware, over
| the accessAdminArea ability). Each route is named admin.<resource>.<action>.
|
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { databaseIdParam } from '#core/database_id'

const AdminDashboardController = () => import('#admin/controllers/admin_dashboard_controller')
const AdminMusicTracksController = () => import('#admin/controllers/admin_music_tracks_controller')

router
  .group(() => {
    router.get('/admin', [AdminDashboardController, 'show']).as('admin.dashboard.show')
    router.get('/admin/music', [AdminMusicTracksController, 'show']).as('admin.music.show')

    router
      .group(() => {
        router.get('/stats', [AdminDashboardController, 'stats']).as('admin.stats.show')
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
