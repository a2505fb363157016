/*
|--------------------------------------------------------------------------
| media routes
|--------------------------------------------------------------------------
|
| Voices, the music library and its audio files, and fal.ai's webhook.
| Each route is named media.<resource>.<action>.
|
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { FAL_WEBHOOK_PATH } from '#media/providers/fal/fal_webhook'

const VoicesController = () => import('#media/controllers/voices_controller')
const MusicTracksController = () => import('#media/controllers/music_tracks_controller')
const FalWebhooksController = () => import('#media/controllers/fal_webhooks_controller')

router
  .group(() => {
    router
      .group(() => {
        router.get('/voice-providers', [VoicesController, 'index']).as('media.voices.index')
        router
          .post('/voice-preview', [VoicesController, 'preview'])
          .use(middleware.paidCallLimit({ call: 'voicePreview' }))
          .as('media.voices.preview')
        router.get('/music-tracks', [MusicTracksController, 'index']).as('media.music_tracks.index')
      })
      .prefix('/api')
    router
      .get('/music/:name', [MusicTracksController, 'file'])
      .where('name', /^[a-z0-9][a-z0-9._-]*\.mp3$/)
      .as('media.music_tracks.file')
  })
  .use(middleware.auth())

// Signed by fal instead of a session: no auth, and exempt from CSRF (config/shield.ts).
router.post(FAL_WEBHOOK_PATH, [FalWebhooksController, 'store']).as('media.fal_webhooks.store')
