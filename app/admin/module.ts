import { defineModule } from '#core/app_module'

export default defineModule({
  name: 'admin',
  routes: () => import('#admin/routes'),
})
