/**
 * Domain words several modules share (docs/glossary.md).
 */
export const STYLE_IDS = [
  'anime',
  'cinematic',
  'realistic',
  'pixel',
  'watercolor',
  'studio-ghibli',
  'cyberpunk',
  'pixar',
  'oil-painting',
  'noir',
] as const
export type StyleId = (typeof STYLE_IDS)[number]

/** The narration languages, one row each in app/shared/languages.ts. */
export { LANGUAGES, type Language } from '#shared/languages'

export function styleName(id: StyleId) {
  return id
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}
