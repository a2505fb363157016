import { defineModule } from '#core/app_module'
import { FAL_WEBHOOK_PATH } from '#media/providers/fal/fal_webhook'

export default defineModule({
  name: 'media',
  routes: () => import('#media/routes'),
  commands: [
    () => import('#media/commands/music_seed'),
    () => import('#media/commands/pictures_sweep'),
  ],
  // fal signs its webhook's body.
  csrfExempt: (ctx) => ctx.route?.pattern === FAL_WEBHOOK_PATH,
})
