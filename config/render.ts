import env from '#start/env'

/**
 * Output sizes are the plan's (720p / 1080p) times `scale`; tests render at
 * a quarter of that to stay fast. `threads`: the cores one worker's render
 * keeps busy; unset, the cores the worker process may run on.
 */
const renderConfig = {
  scale: env.get('RENDER_SCALE', 1),
  threads: env.get('RENDER_THREADS'),
}

export default renderConfig
