/*
|--------------------------------------------------------------------------
| media routes
|--------------------------------------------------------------------------
|
| Voices, the music library and its audio files, a creator's own pictures
| (Image to Video), and fal.ai's webhook.
| Each route is named media.<resource>.<action>.
|
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { databaseIdParam } from '#core/database_id'
import { FAL_WEBHOOK_PATH } from '#media/providers/fal/fal_webhook'
import { MUSIC_OBJECT_NAME } from '#media/services/audio_files'
import { mcpTools } from '#core/mcp/tool_registry'
import { apiOperations } from '#core/openapi/api_operations'
import { PICTURE_UPLOAD_NAME } from '#media/services/picture_uploads'

const VoicesController = () => import('#media/controllers/voices_controller')
const MusicTracksController = () => import('#media/controllers/music_tracks_controller')
const MusicUploadsController = () => import('#media/controllers/music_uploads_controller')
const FalWebhooksController = () => import('#media/controllers/fal_webhooks_controller')
const PicturesController = () => import('#media/controllers/pictures_controller')
const PictureUploadsController = () => import('#media/controllers/picture_uploads_controller')

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

// The voices, the music library and a creator's pictures as MCP tools (/mcp), faces of the /api routes.
mcpTools.register(() => import('#media/tools/library_tools'))
mcpTools.register(() => import('#media/tools/picture_tools'))

// What each /api route does, for the OpenAPI document and the MCP tools.
apiOperations.register(() => import('#media/api_operations'))

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

// Image to Video: any signed-in user's own pictures (docs/product.md, Image to Video). The
// PUT takes a raw body (never parsed: its Content-Type is application/octet-stream), read only
// after its URL's signature is checked; on the S3 disk the browser PUTs to the bucket instead.
router
  .group(() => {
    router
      .post('/uploads', [PictureUploadsController, 'store'])
      .use(middleware.paidCallLimit({ call: 'pictureUpload' }))
      .as('media.picture_uploads.store')
    router
      .put('/uploads/:upload', [PictureUploadsController, 'update'])
      .where('upload', PICTURE_UPLOAD_NAME)
      .as('media.picture_uploads.update')
    router
      .post('/', [PicturesController, 'store'])
      .use(middleware.paidCallLimit({ call: 'picture' }))
      .as('media.pictures.store')
    router
      .post('/import', [PicturesController, 'import'])
      .use(middleware.paidCallLimit({ call: 'pictureImport' }))
      .as('media.pictures.import')
    router
      .get('/:id', [PicturesController, 'show'])
      .where('id', databaseIdParam)
      .as('media.pictures.show')
    router
      .delete('/:id', [PicturesController, 'destroy'])
      .where('id', databaseIdParam)
      .as('media.pictures.destroy')
  })
  .prefix('/api/pictures')
  .use(middleware.auth())

// Signed by fal instead of a session: no auth, and exempt from CSRF (config/shield.ts).
router.post(FAL_WEBHOOK_PATH, [FalWebhooksController, 'store']).as('media.fal_webhooks.store')
