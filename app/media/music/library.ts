import { fileURLToPath } from 'node:url'
import { EVENING_TIDE, LOFI_DRIFT } from '#media/music/compositions/chill'
import { RISING_LEGION, TITAN_MARCH } from '#media/music/compositions/epic'
import { HOLLOW_CORRIDOR, WHISPERS_BELOW } from '#media/music/compositions/horror'
import { BRIGHT_HORIZON, MORNING_RUN } from '#media/music/compositions/uplifting'
import { secondsOf } from '#media/music/score'

/**
 * The library a fresh install starts with (docs/music.md): two beds per
 * mood, composed in code and rendered ahead of time by `npm run music:render`
 * into resources/music/, which `ace music:seed` copies into storage.
 */
export const COMPOSITIONS = [
  LOFI_DRIFT,
  EVENING_TIDE,
  RISING_LEGION,
  TITAN_MARCH,
  HOLLOW_CORRIDOR,
  WHISPERS_BELOW,
  BRIGHT_HORIZON,
  MORNING_RUN,
]

export const DEFAULT_MUSIC = COMPOSITIONS.map((composition) => ({
  title: composition.title,
  fileName: composition.fileName,
  mood: composition.mood,
  /** Whole seconds, as the library keeps them. */
  duration: Math.round(secondsOf(composition)),
}))

/** Where the rendered beds are shipped: resources/music/ (copied into the build too). */
export const BUNDLED_MUSIC_DIR = fileURLToPath(
  new URL('../../../resources/music/', import.meta.url)
)

export function bundledBedPath(fileName: string) {
  return `${BUNDLED_MUSIC_DIR}${fileName}`
}
