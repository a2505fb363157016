/*
|--------------------------------------------------------------------------
| studio routes
|--------------------------------------------------------------------------
|
| Dashboard, setup, storyboard, projects, scenes, videos, status and brand
| kits. Each route is named studio.<resource>.<action>.
|
*/
import router from '@adonisjs/core/services/router'
import transmit from '@adonisjs/transmit/services/main'
import { middleware } from '#start/kernel'
import { databaseIdParam } from '#core/database_id'
import { pageAndApi } from '#core/http/page_and_api'
import { authorizeChannels, guardLiveRoute } from '#studio/live_channels'
import { mcpTools } from '#core/mcp/tool_registry'
import { apiOperations } from '#core/openapi/api_operations'

const StudioPagesController = () => import('#studio/controllers/studio_pages_controller')
const StylesController = () => import('#studio/controllers/styles_controller')
const CaptionStylesController = () => import('#studio/controllers/caption_styles_controller')
const LanguagesController = () => import('#studio/controllers/languages_controller')
const ScriptsController = () => import('#studio/controllers/scripts_controller')
const ProjectsController = () => import('#studio/controllers/projects_controller')
const ScenesController = () => import('#studio/controllers/scenes_controller')
const VideosController = () => import('#studio/controllers/videos_controller')
const BrandsController = () => import('#studio/controllers/brands_controller')
const SeriesController = () => import('#studio/controllers/series_controller')

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
    router.get('/brands', [StudioPagesController, 'brands']).as('studio.brand_kits.index')
    router.get('/series', [SeriesController, 'page']).as('studio.series_pages.index')
    router
      .get('/series/:id', [SeriesController, 'detailPage'])
      .where('id', databaseIdParam)
      .as('studio.series_pages.show')
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
     * The writes a page makes and its /api twin answers: one handler, a
     * redirect and a toast for the page, JSON for the program.
     */
    const id = { id: databaseIdParam }
    pageAndApi(
      'post',
      { page: '/setup', api: '/api/projects' },
      [ProjectsController, 'store'],
      { page: 'studio.setup.store', api: 'studio.projects.store' },
      { use: middleware.paidCallLimit({ call: 'project' }) }
    )
    pageAndApi(
      'post',
      { page: '/storyboard/scenes', api: '/api/scenes' },
      [ScenesController, 'store'],
      { page: 'studio.storyboard.add_scene', api: 'studio.scenes.store' }
    )
    pageAndApi(
      'patch',
      { page: '/storyboard/scenes/:id', api: '/api/scenes/:id' },
      [ScenesController, 'update'],
      { page: 'studio.storyboard.update_scene', api: 'studio.scenes.update' },
      { where: id }
    )
    pageAndApi(
      'delete',
      { page: '/storyboard/scenes/:id', api: '/api/scenes/:id' },
      [ScenesController, 'destroy'],
      { page: 'studio.storyboard.delete_scene', api: 'studio.scenes.destroy' },
      { where: id }
    )
    pageAndApi(
      'post',
      { page: '/storyboard/scenes/:id/generate', api: '/api/scenes/:id/generate' },
      [ScenesController, 'generate'],
      { page: 'studio.storyboard.generate_scene', api: 'studio.scenes.generate' },
      { where: id, use: middleware.paidCallLimit({ call: 'sceneStill' }) }
    )
    pageAndApi(
      'patch',
      { page: '/storyboard/:id/captions', api: '/api/projects/:id/captions' },
      [ProjectsController, 'chooseCaptions'],
      { page: 'studio.storyboard.captions', api: 'studio.projects.captions' },
      { where: id }
    )
    pageAndApi(
      'post',
      { page: '/storyboard/:id/generate', api: '/api/projects/:id/generate-all' },
      [ProjectsController, 'generateAll'],
      { page: 'studio.storyboard.generate', api: 'studio.projects.generate_all' },
      { where: id }
    )
    pageAndApi(
      'delete',
      { page: '/storyboard/:id/generate', api: '/api/projects/:id/cancel' },
      [VideosController, 'cancel'],
      { page: 'studio.storyboard.cancel', api: 'studio.projects.cancel' },
      { where: id }
    )
    pageAndApi(
      'delete',
      { page: '/videos/:id', api: '/api/projects/:id' },
      [VideosController, 'destroy'],
      { page: 'studio.videos.destroy', api: 'studio.projects.destroy' },
      { where: id }
    )
    pageAndApi(
      'post',
      { page: '/videos/:id/duplicate', api: '/api/projects/:id/duplicate' },
      [VideosController, 'duplicate'],
      { page: 'studio.videos.duplicate', api: 'studio.projects.duplicate' },
      { where: id, use: middleware.paidCallLimit({ call: 'project' }) }
    )
    pageAndApi(
      'patch',
      { page: '/player/:id/post', api: '/api/videos/:id/post' },
      [VideosController, 'updatePost'],
      { page: 'studio.player.update_post', api: 'studio.videos.update_post' },
      { where: id }
    )
    pageAndApi('post', { page: '/brands', api: '/api/brands' }, [BrandsController, 'store'], {
      page: 'studio.brand_kits.store',
      api: 'studio.brands.store',
    })
    pageAndApi(
      'patch',
      { page: '/brands/:id', api: '/api/brands/:id' },
      [BrandsController, 'update'],
      { page: 'studio.brand_kits.update', api: 'studio.brands.update' },
      { where: id }
    )
    pageAndApi(
      'delete',
      { page: '/brands/:id', api: '/api/brands/:id' },
      [BrandsController, 'destroy'],
      { page: 'studio.brand_kits.destroy', api: 'studio.brands.destroy' },
      { where: id }
    )
    pageAndApi(
      'post',
      { page: '/brands/:id/duplicate', api: '/api/brands/:id/duplicate' },
      [BrandsController, 'duplicate'],
      { page: 'studio.brand_kits.duplicate', api: 'studio.brands.duplicate' },
      { where: id }
    )
    // Series of videos made on a schedule (docs/series.md).
    pageAndApi('post', { page: '/series', api: '/api/series' }, [SeriesController, 'store'], {
      page: 'studio.series_pages.store',
      api: 'studio.series.store',
    })
    pageAndApi(
      'patch',
      { page: '/series/:id', api: '/api/series/:id' },
      [SeriesController, 'update'],
      { page: 'studio.series_pages.update', api: 'studio.series.update' },
      { where: id }
    )
    pageAndApi(
      'delete',
      { page: '/series/:id', api: '/api/series/:id' },
      [SeriesController, 'destroy'],
      { page: 'studio.series_pages.destroy', api: 'studio.series.destroy' },
      { where: id }
    )
    pageAndApi(
      'post',
      { page: '/series/:id/pause', api: '/api/series/:id/pause' },
      [SeriesController, 'pause'],
      { page: 'studio.series_pages.pause', api: 'studio.series.pause' },
      { where: id }
    )
    pageAndApi(
      'post',
      { page: '/series/:id/resume', api: '/api/series/:id/resume' },
      [SeriesController, 'resume'],
      { page: 'studio.series_pages.resume', api: 'studio.series.resume' },
      { where: id }
    )
    pageAndApi(
      'post',
      { page: '/series/:id/skip', api: '/api/series/:id/skip' },
      [SeriesController, 'skip'],
      { page: 'studio.series_pages.skip', api: 'studio.series.skip' },
      { where: id }
    )

    router
      .group(() => {
        router.get('/styles', [StylesController, 'index']).as('studio.styles.index')
        router.get('/languages', [LanguagesController, 'index']).as('studio.languages.index')
        router
          .get('/caption-styles', [CaptionStylesController, 'index'])
          .as('studio.caption_styles.index')
        router
          .post('/generate-script', [ScriptsController, 'generate'])
          .use(middleware.paidCallLimit({ call: 'script' }))
          .as('studio.scripts.generate')
        router.get('/projects/:id', [ProjectsController, 'show']).as('studio.projects.show')
        router
          .get('/projects/:id/scenes', [ProjectsController, 'scenes'])
          .as('studio.projects.scenes')
        router.get('/my-videos', [VideosController, 'index']).as('studio.videos.list')
        router.get('/videos/:id', [VideosController, 'show']).as('studio.videos.show')
        router
          .get('/videos/:id/captions/:format', [VideosController, 'captions'])
          .where('format', /^(srt|vtt)$/)
          .as('studio.videos.captions')
        router.get('/video/status/:id', [VideosController, 'status']).as('studio.videos.status')
        router.get('/brands', [BrandsController, 'index']).as('studio.brands.index')
        router.get('/brands/:id', [BrandsController, 'show']).as('studio.brands.show')

        // Series of videos made on a schedule (docs/series.md); their writes are above.
        router.get('/series', [SeriesController, 'index']).as('studio.series.index')
        router
          .post('/series/topics', [SeriesController, 'topics'])
          .use(middleware.paidCallLimit({ call: 'script' }))
          .as('studio.series.topics')
        router.get('/series/:id', [SeriesController, 'show']).as('studio.series.show')
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
  () => import('#studio/tools/videos_tools'),
  () => import('#studio/tools/brands_tools'),
  () => import('#studio/tools/series_tools')
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
