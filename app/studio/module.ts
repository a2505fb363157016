import { defineModule } from '#core/app_module'

export default defineModule({
  name: 'studio',
  routes: () => import('#studio/routes'),
  jobs: [
    () => import('#studio/jobs/generate_scene_still_job'),
    () => import('#studio/jobs/narrate_video_job'),
    () => import('#studio/jobs/prepare_scene_clip_job'),
    () => import('#studio/jobs/render_video_job'),
    () => import('#studio/jobs/make_series_slot_job'),
  ],
  commands: [() => import('#studio/commands/renders_sweep')],
})
