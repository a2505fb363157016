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
import { middleware } from '#start/kernel'

router
  .group(() => {
    router.on('/').renderInertia('studio/dashboard', {}).as('studio.dashboard.show')
    router.on('/create').renderInertia('studio/create_redirect', {}).as('studio.create.show')
  })
  .use(middleware.auth())
