/**
 * How each scene's words fit its five seconds (docs/product.md, Voice-over):
 * the renderer lays every scene's speech in the window these numbers give,
 * and the storyboard warns, from the same numbers, when a scene holds more
 * words than that window can say at the voice's speed.
 */
import { ENGLISH_PACE, SCENE_SECONDS, speechUnits, type SpeechPace } from './script_plan.js'

/** A scene's speech starts this long after the scene does. */
export const SPEECH_LEAD_MS = 150
/** ...and ends at least this long before the scene ends. */
export const SPEECH_TAIL_MS = 250
/** The most a scene's speech is sped up (pitch kept) to stay within its scene. */
export const MAX_TEMPO = 1.15

/** The seconds of speech a scene holds, once its lead and tail are kept. */
export const SPOKEN_SECONDS = SCENE_SECONDS - (SPEECH_LEAD_MS + SPEECH_TAIL_MS) / 1000

/**
 * The most words (characters, unspaced) a scene says within its own five
 * seconds at `speed` (1 is the language's pace, English 2.5 words a second),
 * sped up at most MAX_TEMPO: 13 English words at speed 1.
 */
export function sceneWordCapacity(speed: number, pace: SpeechPace = ENGLISH_PACE) {
  return Math.floor(pace.perSecond * speed * SPOKEN_SECONDS * MAX_TEMPO)
}

/** Whether a scene's words run past its five seconds at `speed`: the storyboard says so. */
export function sceneOverruns(words: string, speed: number, pace: SpeechPace = ENGLISH_PACE) {
  return speechUnits(words, pace) > sceneWordCapacity(speed, pace)
}
