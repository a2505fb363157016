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
import { MUSIC_OBJECT_NAME } from '#media/services/audio_files'
import { mcpTools } from '#core/mcp/tool_registry'

const VoicesController = () => import('#media/controllers/voices_controller')
const MusicTracksController = () => import('#media/controllers/music_tracks_controller')
const MusicUploadsController = () => import('#media/controllers/music_uploads_controller')
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
      .where('name', MUSIC_OBJECT_NAME)
      .as('media.music_tracks.file')
  })
  .use(middleware.auth())

// The voices and music library as MCP tools (/mcp), the faces of the /api routes above.
mcpTools.register(() => import('#media/tools/library_tools'))

// Music uploads: the operator only. The PUT takes a raw body (never parsed: config/bodyparser.ts),
// read only after its URL's signature is checked.
router
  .group(() => {
    router.post('/upload', [MusicUploadsController, 'store']).as('media.music_uploads.store')
    router
      .put('/uploads/:name', [MusicUploadsController, 'update'])
      .as('media.music_uploads.update')
    router
      .post('/uploads/:name/verify', [MusicUploadsController, 'verify'])
      .as('media.music_uploads.verify')
  })
  .prefix('/api/music')
  .where('name', MUSIC_OBJECT_NAME)
  .use([middleware.auth(), middleware.operator()])

// Signed by fal instead of a session: no auth, and exempt from CSRF (config/shield.ts).
router.post(FAL_WEBHOOK_PATH, [FalWebhooksController, 'store']).as('media.fal_webhooks.store')
