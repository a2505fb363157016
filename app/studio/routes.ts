/*
|--------------------------------------------------------------------------
| studio routes
|--------------------------------------------------------------------------
|
| Dashboard, setup, storyboard, projects, scenes, videos and status. Each
| route is named studio.<resource>.<action>.
|
*/
import router from '@adonisjs/core/services/router'
import transmit from '@adonisjs/transmit/services/main'
import { middleware } from '#start/kernel'
import { databaseIdParam } from '#core/database_id'
import { authorizeChannels, guardLiveRoute } from '#studio/live_channels'
import { mcpTools } from '#core/mcp/tool_registry'
import { apiOperations } from '#core/openapi/api_operations'

const StudioPagesController = () => import('#studio/controllers/studio_pages_controller')
const StylesController = () => import('#studio/controllers/styles_controller')
const CaptionStylesController = () => import('#studio/controllers/caption_styles_controller')
const ScriptsController = () => import('#studio/controllers/scripts_controller')
const ProjectsController = () => import('#studio/controllers/projects_controller')
const ScenesController = () => import('#studio/controllers/scenes_controller')
const VideosController = () => import('#studio/controllers/videos_controller')

router
  .group(() => {
    router.get('/', [VideosController, 'dashboard']).as('studio.dashboard.show')
    router
      .on('/create')
      .renderInertia('studio/redirect', { message: 'Redirecting...', to: '/setup' })
      .as('studio.create.show')
    router
      .on('/start')
      .renderInertia('studio/redirect', { message: 'Redirecting to Setup...', to: '/setup' })
      .as('studio.start.show')
    router.get('/setup', [StudioPagesController, 'setup']).as('studio.setup.show')
    router
      .get('/storyboard/:projectId', [ProjectsController, 'storyboard'])
      .where('projectId', databaseIdParam)
      .as('studio.storyboard.show')
    router
      .get('/status/:projectId', [VideosController, 'statusPage'])
      .where('projectId', databaseIdParam)
      .as('studio.status.show')
    router.get('/videos', [VideosController, 'page']).as('studio.videos.index')
    router
      .get('/player/:videoId', [VideosController, 'player'])
      .where('videoId', databaseIdParam)
      .as('studio.player.show')
    router
      .get('/videos/:videoId/download', [VideosController, 'download'])
      .where('videoId', databaseIdParam)
      .as('studio.videos.download')
    router
      .get('/captions/preview', [CaptionStylesController, 'preview'])
      .as('studio.captions.preview')
    router
      .get('/scenes/:sceneId/media', [ScenesController, 'media'])
      .where('sceneId', databaseIdParam)
      .as('studio.scenes.media')

    /*
     * The pages' writes: the same handlers as their /api twins below, which
     * answer an Inertia visit with a redirect and a flash message.
     */
    router
      .post('/setup', [ProjectsController, 'store'])
      .use(middleware.paidCallLimit({ call: 'project' }))
      .as('studio.setup.store')
    router.post('/storyboard/scenes', [ScenesController, 'store']).as('studio.storyboard.add_scene')
    router
      .patch('/storyboard/scenes/:id', [ScenesController, 'update'])
      .where('id', databaseIdParam)
      .as('studio.storyboard.update_scene')
    router
      .delete('/storyboard/scenes/:id', [ScenesController, 'destroy'])
      .where('id', databaseIdParam)
      .as('studio.storyboard.delete_scene')
    router
      .post('/storyboard/scenes/:id/generate', [ScenesController, 'generate'])
      .where('id', databaseIdParam)
      .use(middleware.paidCallLimit({ call: 'sceneStill' }))
      .as('studio.storyboard.generate_scene')
    router
      .patch('/storyboard/:id/captions', [ProjectsController, 'chooseCaptions'])
      .where('id', databaseIdParam)
      .as('studio.storyboard.captions')
    router
      .post('/storyboard/:id/generate', [ProjectsController, 'generateAll'])
      .where('id', databaseIdParam)
      .as('studio.storyboard.generate')
    router
      .delete('/storyboard/:id/generate', [VideosController, 'cancel'])
      .where('id', databaseIdParam)
      .as('studio.storyboard.cancel')
    router
      .delete('/videos/:id', [VideosController, 'destroy'])
      .where('id', databaseIdParam)
      .as('studio.videos.destroy')
    router
      .post('/videos/:id/duplicate', [VideosController, 'duplicate'])
      .where('id', databaseIdParam)
      .use(middleware.paidCallLimit({ call: 'project' }))
      .as('studio.videos.duplicate')

    router
      .group(() => {
        router.get('/styles', [StylesController, 'index']).as('studio.styles.index')
        router
          .get('/caption-styles', [CaptionStylesController, 'index'])
          .as('studio.caption_styles.index')
        router
          .post('/generate-script', [ScriptsController, 'generate'])
          .use(middleware.paidCallLimit({ call: 'script' }))
          .as('studio.scripts.generate')
        router
          .post('/projects', [ProjectsController, 'store'])
          .use(middleware.paidCallLimit({ call: 'project' }))
          .as('studio.projects.store')
        router.get('/projects/:id', [ProjectsController, 'show']).as('studio.projects.show')
        router
          .get('/projects/:id/scenes', [ProjectsController, 'scenes'])
          .as('studio.projects.scenes')
        router
          .patch('/projects/:id/captions', [ProjectsController, 'chooseCaptions'])
          .as('studio.projects.captions')
        router
          .post('/projects/:id/generate-all', [ProjectsController, 'generateAll'])
          .as('studio.projects.generate_all')
        router.post('/scenes', [ScenesController, 'store']).as('studio.scenes.store')
        router.patch('/scenes/:id', [ScenesController, 'update']).as('studio.scenes.update')
        router.delete('/scenes/:id', [ScenesController, 'destroy']).as('studio.scenes.destroy')
        router
          .post('/scenes/:id/generate', [ScenesController, 'generate'])
          .use(middleware.paidCallLimit({ call: 'sceneStill' }))
          .as('studio.scenes.generate')
        router.get('/my-videos', [VideosController, 'index']).as('studio.videos.list')
        router.get('/videos/:id', [VideosController, 'show']).as('studio.videos.show')
        router
          .get('/videos/:id/captions/:format', [VideosController, 'captions'])
          .where('format', /^(srt|vtt)$/)
          .as('studio.videos.captions')
        router.get('/video/status/:id', [VideosController, 'status']).as('studio.videos.status')
        router
          .delete('/projects/:id/cancel', [VideosController, 'cancel'])
          .as('studio.projects.cancel')
        router.delete('/projects/:id', [VideosController, 'destroy']).as('studio.projects.destroy')
        router
          .post('/projects/:id/duplicate', [VideosController, 'duplicate'])
          .use(middleware.paidCallLimit({ call: 'project' }))
          .as('studio.projects.duplicate')
      })
      .prefix('/api')
      .where('id', databaseIdParam)
  })
  .use(middleware.auth())

/**
 * The studio's MCP tools (/mcp), each the face of one /api route above:
 * the same validators, actions, queries and transformers.
 */
mcpTools.register(
  () => import('#studio/tools/styles_tools'),
  () => import('#studio/tools/scripts_tools'),
  () => import('#studio/tools/projects_tools'),
  () => import('#studio/tools/scenes_tools'),
  () => import('#studio/tools/videos_tools')
)

// What each /api route does, for the OpenAPI document and the MCP tools.
apiOperations.register(() => import('#studio/api_operations'))

/**
 * Live render progress over SSE: signed-in users only, each stream its
 * opener's, and a channel only under its rule and for its owner
 * (#studio/live_channels).
 */
transmit.registerRoutes((route) => {
  route.use(middleware.auth())
  route.use(guardLiveRoute(route.getPattern()))
})
authorizeChannels()
