import { STYLE_IDS, type StyleId } from '#core/vocabulary'

export type Style = {
  id: StyleId
  name: string
  /** Prompt for one scene; `{script}` is replaced by the scene's words. */
  template: string
  /** Colours for the style picker's preview swatch. */
  swatch: [string, string, string]
}

export const SCRIPT_PLACEHOLDER = '{script}'

export const STYLES: Record<StyleId, Style> = {
  'anime': {
    id: 'anime',
    name: 'Anime',
    template:
      'Anime key visual of {script} — cel-shaded characters with clean ink outlines, expressive eyes, vibrant saturated colours, dynamic camera angle, painted sky background, soft bloom, highly detailed 2D animation frame',
    swatch: ['#ff7eb3', '#7afcff', '#feff9c'],
  },
  'cinematic': {
    id: 'cinematic',
    name: 'Cinematic',
    template:
      'Cinematic film still of {script} — shot on 35mm anamorphic lens, shallow depth of field, dramatic volumetric lighting, teal and orange colour grade, subtle film grain, epic composition, 2.39:1 blockbuster look',
    swatch: ['#0f4c5c', '#e36414', '#fb8b24'],
  },
  'realistic': {
    id: 'realistic',
    name: 'Realistic',
    template:
      'Photorealistic photograph of {script} — natural daylight, true-to-life colours and textures, sharp focus, DSLR 50mm lens, realistic proportions, high dynamic range, ultra detailed',
    swatch: ['#8d99ae', '#edf2f4', '#2b2d42'],
  },
  'pixel': {
    id: 'pixel',
    name: 'Pixel',
    template:
      'Pixel art scene of {script} — 16-bit retro video game style, limited colour palette, crisp square pixels, dithered shading, side-scrolling composition, nostalgic arcade atmosphere',
    swatch: ['#3a86ff', '#ffbe0b', '#8338ec'],
  },
  'watercolor': {
    id: 'watercolor',
    name: 'Watercolor',
    template:
      'Delicate watercolor painting of {script} — soft washes bleeding into textured cold-press paper, loose brush strokes, gentle pastel palette, visible pigment granulation, airy white space',
    swatch: ['#a8dadc', '#f1faee', '#e5989b'],
  },
  'studio-ghibli': {
    id: 'studio-ghibli',
    name: 'Studio Ghibli',
    template:
      'Hand-painted Studio Ghibli inspired scene of {script} — lush green landscapes, fluffy cumulus clouds, warm nostalgic light, whimsical details, gouache background art, gentle storybook mood',
    swatch: ['#6a994e', '#a7c957', '#f2e8cf'],
  },
  'cyberpunk': {
    id: 'cyberpunk',
    name: 'Cyberpunk',
    template:
      'Cyberpunk scene of {script} — rain-soaked neon city at night, magenta and cyan holographic signs, reflections on wet asphalt, towering megastructures, haze and light rays, high-tech low-life atmosphere',
    swatch: ['#ff00a0', '#00f0ff', '#1a1a2e'],
  },
  'pixar': {
    id: 'pixar',
    name: 'Pixar',
    template:
      'Pixar style 3D animated render of {script} — charming stylised characters with big expressive eyes, soft global illumination, glossy subsurface-scattered materials, bright cheerful colours, family-film composition',
    swatch: ['#ffb703', '#219ebc', '#fb8500'],
  },
  'oil-painting': {
    id: 'oil-painting',
    name: 'Oil Painting',
    template:
      'Classical oil painting of {script} — thick impasto brushwork on canvas, rich warm earth tones, chiaroscuro lighting, old-master composition, visible canvas texture and varnish glow',
    swatch: ['#7f4f24', '#b08968', '#ddb892'],
  },
  'noir': {
    id: 'noir',
    name: 'Noir',
    template:
      'Black and white film noir still of {script} — high-contrast chiaroscuro, hard shadows through venetian blinds, rain-slick streets, smoky 1940s atmosphere, low-key lighting, dramatic Dutch angle',
    swatch: ['#0b0b0b', '#6c6c6c', '#f5f5f5'],
  },
}

export const STYLE_LIST = STYLE_IDS.map((id) => STYLES[id])

/** A new video's style: the account's default when it is one of ours, else cinematic. */
export function styleOrDefault(style: string): StyleId {
  return STYLE_IDS.find((id) => id === style) ?? 'cinematic'
}

/**
 * A scene's prompt: the style's template around the scene's words. The
 * templates set the words apart with a dash, so the words keep their own
 * punctuation and no prompt reads "home.." or "shadows and.".
 */
export function applyStyle(template: string, text: string) {
  return template.replaceAll(SCRIPT_PLACEHOLDER, text.trim())
}

/**
 * The scene's own words back out of a styled prompt: what the narrator says
 * over the scene. An edited prompt that no longer follows the template is
 * returned whole.
 */
export function sceneWords(template: string, prompt: string) {
  const [prefix, suffix] = template.split(SCRIPT_PLACEHOLDER)
  if (suffix !== undefined && prompt.startsWith(prefix) && prompt.endsWith(suffix)) {
    return prompt.slice(prefix.length, prompt.length - suffix.length)
  }
  return prompt
}

/**
 * What the image and video providers are asked for: the scene's words in the
 * project's style. Scenes store the creator's words (docs/product.md,
 * Storyboard); one saved with the template around them is styled once.
 */
export function styledPrompt(template: string, prompt: string) {
  return applyStyle(template, sceneWords(template, prompt))
}

/** What the narrator says over each scene: its words, in storyboard order ('' for none). */
export function sceneNarrations(template: string, scenes: { prompt: string; order: number }[]) {
  return [...scenes]
    .sort((a, b) => a.order - b.order)
    .map((scene) => sceneWords(template, scene.prompt).trim())
}

/** What the narrator says: every scene's words, in storyboard order. */
export function narrationOf(template: string, scenes: { prompt: string; order: number }[]) {
  return sceneNarrations(template, scenes).filter(Boolean).join(' ')
}

/**
 * A project's script as it stands: what its narrator says, its scenes' words
 * in storyboard order, edits included; while it has no scenes, the script it
 * was made from. The prompt the player, My Videos, the API and MCP show.
 */
export function currentScript(
  project: { script: string; styleTemplate: string },
  scenes: { prompt: string; order: number }[]
) {
  return narrationOf(project.styleTemplate, scenes) || project.script
}
