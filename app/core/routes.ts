import router from '@adonisjs/core/services/router'

const HealthController = () => import('#core/controllers/health_controller')

router.get('/health', [HealthController, 'show']).as('core.health.show')
