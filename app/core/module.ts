import { defineModule } from '#core/app_module'
import { isMcpRequest } from '#core/mcp/endpoint'

export default defineModule({
  name: 'core',
  routes: () => import('#core/routes'),
  jobs: [() => import('#core/jobs/health_ping_job')],
  commands: [() => import('#core/commands/queue_work'), () => import('#core/commands/queue_ping')],
  // An agent's MCP calls carry a token only and never read a cookie.
  csrfExempt: isMcpRequest,
})
