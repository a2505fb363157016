import router from '@adonisjs/core/services/router'

const HealthController = () => import('#core/controllers/health_controller')
const OpenApiController = () => import('#core/controllers/openapi_controller')

router.get('/health', [HealthController, 'show']).as('core.health.show')
router.get('/api/openapi.json', [OpenApiController, 'show']).as('core.openapi.show')
