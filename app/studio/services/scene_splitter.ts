/**
 * The script arithmetic /setup shows is the one the server cuts and charges
 * by: one module, shared with the front end.
 */
export {
  CUT_REACH,
  MIN_SCENE_WORDS,
  endsSentence,
  pictureCredits,
  pictureWordRange,
  wordsOf,
  speechUnits,
  unitsPerScene,
  sceneCountFor,
  scriptCredits,
} from '#shared/script_plan'
export { splitIntoScenes } from '#shared/scene_cuts'
