import env from '#start/env'

/**
 * Output sizes are the plan's (720p / 1080p) times `scale`; tests render at
 * a quarter of that to stay fast.
 */
const renderConfig = {
  scale: env.get('RENDER_SCALE', 1),
}

export default renderConfig
