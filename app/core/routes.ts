import router from '@adonisjs/core/services/router'
import env from '#start/env'
import { middleware } from '#start/kernel'
import { MCP_PATH } from '#core/mcp/endpoint'

const HealthController = () => import('#core/controllers/health_controller')
const OpenApiController = () => import('#core/controllers/openapi_controller')
const McpController = () => import('#core/controllers/mcp_controller')

router.get('/health', [HealthController, 'show']).as('core.health.show')
router.get('/api/openapi.json', [OpenApiController, 'show']).as('core.openapi.show')

/**
 * The MCP server for agents (docs/product.md, Agents (MCP)): an API token
 * only, the tools each module registers beside its /api routes.
 */
router
  .group(() => {
    router.post(MCP_PATH, [McpController, 'handle']).as('core.mcp.handle')
    router.get(MCP_PATH, [McpController, 'methodNotAllowed']).as('core.mcp.stream')
    router.delete(MCP_PATH, [McpController, 'methodNotAllowed']).as('core.mcp.end_session')
  })
  .use(middleware.mcpAuth())

/** The framework's ceiling for `npm run bench`: JSON and nothing else, only with BENCH_ROUTES=true. */
if (env.get('BENCH_ROUTES')) {
  router.get('/__bench/bare', () => ({ ok: true })).as('core.bench.bare')
}
