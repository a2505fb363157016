import router from '@adonisjs/core/services/router'
import env from '#start/env'

const HealthController = () => import('#core/controllers/health_controller')
const OpenApiController = () => import('#core/controllers/openapi_controller')

router.get('/health', [HealthController, 'show']).as('core.health.show')
router.get('/api/openapi.json', [OpenApiController, 'show']).as('core.openapi.show')

/** The framework's ceiling for `npm run bench`: JSON and nothing else, only with BENCH_ROUTES=true. */
if (env.get('BENCH_ROUTES')) {
  router.get('/__bench/bare', () => ({ ok: true })).as('core.bench.bare')
}
