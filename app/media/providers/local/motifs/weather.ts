import { circle, linear, mix, n, rect } from '#media/providers/local/painters/toolkit'
import { rain } from '#media/providers/local/painters/shapes'
import type { MotifContext } from '#media/providers/local/motifs/context'
import type { MotifPalette } from '#media/providers/local/motifs/palettes'
import type { Sky } from '#media/providers/local/motifs/vocabulary'

/** The light a scene is drawn in, from its words' time of day. */
export type Light = 'day' | 'dawn' | 'dusk' | 'night'

const LIGHTS: Partial<Record<Sky, Light>> = {
  sun: 'day',
  dawn: 'dawn',
  dusk: 'dusk',
  night: 'night',
  moon: 'night',
}

/** The first time of day the words name ("from dawn to dusk" is dawn); day when they name none. */
export function lightOf(skies: Sky[]): Light {
  for (const sky of skies) {
    const light = LIGHTS[sky]
    if (light) return light
  }
  return 'day'
}

/** Rain, storm and fog hide the sun and the stars. */
export function overcast(skies: Sky[]) {
  return skies.some((sky) => sky === 'rain' || sky === 'storm' || sky === 'fog')
}

// The glow of a low sun, and the cast of each light over the whole scene.
const DAWN_GLOW = '#ffb199'
const DUSK_GLOW = '#ff6a3d'
const STORM_CLOUD = '#262a33'
/** How much rain and snow, and how thick the rain, the flakes and the lightning, in units. */
const FINE_GRAIN = { drops: 160, thickness: 0.18, flakes: 180, flake: 0.32, bolt: 0.7 }
const PIXEL_GRAIN = { drops: 40, thickness: 2.2, flakes: 40, flake: 1.2, bolt: 2.6 }
const CAST: Record<Light, { color: string; opacity: number } | undefined> = {
  day: undefined,
  dawn: { color: '#ff9e80', opacity: 0.12 },
  dusk: { color: '#5a2a5e', opacity: 0.28 },
  night: { color: '#060a24', opacity: 0.5 },
}

/** A colour as the style shows it: noir sees only its grey. */
function seen(palette: MotifPalette, hex: string) {
  if (palette.texture !== 'mono') return hex
  const value = Number.parseInt(hex.slice(1), 16)
  const luma = 0.299 * ((value >> 16) & 255) + 0.587 * ((value >> 8) & 255) + 0.114 * (value & 255)
  const grey = Math.round(luma).toString(16).padStart(2, '0')
  return `#${grey}${grey}${grey}`
}

/** The sky's gradient, top to bottom: the style's day or night, a glow at dawn and dusk, slate in a storm, greyer in the rain. */
export function skyColours(palette: MotifPalette, light: Light, skies: Sky[]): [string, string] {
  const [dayTop, dayBottom] = palette.day
  const [nightTop, nightBottom] = palette.night
  const gradients: Record<Light, [string, string]> = {
    day: [dayTop, dayBottom],
    night: [nightTop, nightBottom],
    dawn: [mix(dayTop, nightBottom, 0.4), mix(palette.sun, DAWN_GLOW, 0.6)],
    dusk: [mix(nightBottom, palette.accent, 0.2), mix(palette.sun, DUSK_GLOW, 0.7)],
  }
  const [top, bottom] = gradients[light].map((color) => seen(palette, color))
  const gloom = skies.includes('storm') ? 1 : skies.includes('rain') ? 0.45 : 0
  const slate = seen(palette, STORM_CLOUD)
  return [mix(top, slate, 0.75 * gloom), mix(bottom, slate, 0.55 * gloom)]
}

/** A low sun near the horizon at dawn and dusk: larger, warmer. */
export function lowSun(context: MotifContext, x: number) {
  const { palette, horizon, canvas } = context
  const u = canvas.unit
  const glow = seen(palette, context.light === 'dawn' ? DAWN_GLOW : DUSK_GLOW)
  const y = horizon - 5 * u
  return [
    circle(x, y, 24 * u, glow, 0.25),
    circle(x, y, 11 * u, mix(palette.sun, glow, 0.45)),
  ].join('')
}

/** A white bolt from the clouds towards the horizon, `width` units wide, with its glow. */
function lightning(context: MotifContext, width: number) {
  const { canvas, horizon, palette } = context
  const { width: w, unit: u, random } = canvas
  let x = w * random.between(0.25, 0.75)
  let y = horizon * 0.22
  const points = [`${n(x)} ${n(y)}`]
  while (y < horizon * 0.9) {
    y += random.between(4, 8) * u
    x += random.between(-5, 5) * u
    points.push(`${n(x)} ${n(y)}`)
  }
  const path = `M${points.join('L')}`
  const stroke = (color: string, opacity: number, size: number) =>
    `<path d="${path}" stroke="${color}" stroke-opacity="${opacity}" stroke-width="${n(size * u)}" fill="none" stroke-linejoin="round"/>`
  return stroke(palette.light, 0.35, width * 3.5) + stroke('#ffffff', 1, width)
}

/**
 * What the light and the weather lay over the whole scene, things included:
 * the cast of dawn, dusk or night, the gloom of rain or a storm, fog's haze,
 * then a storm's lightning, bright over the gloom, and falling rain or snow. Indoors the cast is half as strong and nothing falls in the
 * room.
 */
export function drawWeather(context: MotifContext, skies: Sky[], indoor: boolean) {
  const { canvas, palette, horizon } = context
  const { width: w, height: h, unit: u, random } = canvas
  const parts: string[] = []
  const cast = CAST[context.light]
  if (cast) parts.push(rect(0, 0, w, h, seen(palette, cast.color), cast.opacity / (indoor ? 2 : 1)))
  const stormy = skies.includes('storm')
  const gloom = stormy ? 0.3 : skies.includes('rain') ? 0.12 : 0
  if (gloom > 0) parts.push(rect(0, 0, w, h, seen(palette, STORM_CLOUD), gloom / (indoor ? 2 : 1)))
  if (indoor) return parts.join('')

  if (skies.includes('fog')) {
    const haze = horizon / h
    parts.push(
      linear('motifFog', [
        [0, palette.light, 0.3],
        [haze, palette.light, 0.72],
        [1, palette.light, 0.45],
      ]),
      rect(0, 0, w, h, 'url(#motifFog)')
    )
  }
  // Pixel art is drawn at an eighth of the size: fewer, bigger drops and flakes survive that.
  const grain = palette.texture === 'pixels' ? PIXEL_GRAIN : FINE_GRAIN
  if (stormy) parts.push(lightning(context, grain.bolt))
  if (stormy || skies.includes('rain')) {
    const drops = Math.round((stormy ? 1.6 : 1) * grain.drops)
    parts.push(rain(canvas, palette.light, drops, stormy ? 0.6 : 0.5, grain.thickness))
  }
  if (skies.includes('snowfall')) {
    for (let index = 0; index < grain.flakes; index++) {
      parts.push(
        circle(
          random.between(0, w),
          random.between(0, h),
          random.between(1, 2.5) * grain.flake * u,
          palette.light,
          random.between(0.7, 0.95)
        )
      )
    }
  }
  return parts.join('')
}
