import { circle, linear, mix, n, rect } from '#media/providers/local/painters/toolkit'
import { cloud, ridge, skyline, wave } from '#media/providers/local/painters/shapes'
import { lowSun, overcast, skyColours } from '#media/providers/local/motifs/weather'
import type { MotifContext } from '#media/providers/local/motifs/context'
import type { Setting, Sky } from '#media/providers/local/motifs/vocabulary'

/**
 * The sky: its gradient for the time of day (docs/product.md, Setup), sun,
 * low sun or moon, stars at night, clouds. Rain, snow, fog and a storm's
 * lightning are laid over the whole scene (weather.ts).
 */
export function drawSky(context: MotifContext, skies: Sky[]) {
  const { canvas, palette, light } = context
  const { width: w, height: h, unit: u, random } = canvas
  const [top, bottom] = skyColours(palette, light, skies)
  const hidden = overcast(skies)
  const stormy = skies.includes('storm')
  const parts = [
    linear('motifSky', [
      [0, top],
      [1, bottom],
    ]),
    rect(0, 0, w, h, 'url(#motifSky)'),
  ]
  if (light === 'night' && !hidden) {
    for (let index = 0; index < 60; index++) {
      parts.push(
        circle(
          random.between(0, w),
          random.between(0, context.horizon * 0.8),
          random.between(0.15, 0.45) * u,
          palette.light,
          random.between(0.4, 0.9)
        )
      )
    }
  }
  // A storm's clouds cover the sun and the moon.
  if (!stormy) parts.push(skyDisc(context, skies, top))
  if (skies.some((sky) => sky === 'clouds' || sky === 'rain' || stormy)) {
    const count = stormy ? 5 : 3
    const [lit, shade] = stormy
      ? [mix(palette.stone, palette.ink, 0.55), palette.ink]
      : skies.includes('rain')
        ? [mix(palette.light, palette.stone, 0.6), mix(palette.stone, palette.ink, 0.3)]
        : [palette.light, palette.stone]
    for (let index = 0; index < count; index++) {
      parts.push(
        cloud(
          canvas,
          w * (stormy ? 0.1 + index * 0.2 : 0.2 + index * 0.3),
          context.horizon * random.between(0.12, 0.35),
          random.between(stormy ? 9 : 6, stormy ? 13 : 10) * u,
          lit,
          shade
        )
      )
    }
  }
  return parts.join('')
}

/** The sun, a low sun at dawn and dusk, or the moon (its dark side in the sky's `top` colour). */
function skyDisc(context: MotifContext, skies: Sky[], top: string) {
  const { canvas, palette, light } = context
  const { width: w, unit: u, random } = canvas
  const x = w * random.between(0.15, 0.85)
  const y = context.horizon * random.between(0.2, 0.45)
  const hidden = overcast(skies)
  if (skies.includes('moon') || (light === 'night' && !skies.includes('sun'))) {
    return (
      circle(x, y, 7 * u, palette.light, hidden ? 0.4 : 0.95) +
      circle(x + 2.5 * u, y - 1.5 * u, 6 * u, top, 0.9)
    )
  }
  if (light === 'dawn' || light === 'dusk') return lowSun(context, x)
  if (hidden) return ''
  return circle(x, y, 14 * u, palette.sun, 0.25) + circle(x, y, 8 * u, palette.sun)
}

function water(context: MotifContext, from: number) {
  const { canvas, palette } = context
  const { width: w, height: h, unit: u } = canvas
  const parts = [rect(0, from, w, h - from, palette.water)]
  for (let index = 1; index <= 6; index++) {
    const y = from + (h - from) * (index / 7)
    parts.push(
      `<path d="${wave(canvas, y, 0.8 * u, 6 + index)}" stroke="${palette.light}" stroke-opacity="0.35" stroke-width="${n(0.4 * u)}" fill="none"/>`
    )
  }
  return parts.join('')
}

function land(context: MotifContext, color: string) {
  const { width: w, height: h } = context.canvas
  return rect(0, context.horizon, w, h - context.horizon, color)
}

function forest(context: MotifContext, from: number, to: number, rows: number) {
  const { canvas, palette } = context
  const { width: w, unit: u, random } = canvas
  const parts: string[] = []
  for (let row = 0; row < rows; row++) {
    const base = from + ((to - from) * (row + 1)) / rows
    const size = (10 + row * 6) * u
    for (let x = -random.between(0, 4) * u; x < w + size; x += size * random.between(0.45, 0.7)) {
      const tint = row % 2 === 0 ? palette.foliage : palette.ink
      parts.push(
        `<path d="M${n(x)} ${n(base - size * 1.6)}L${n(x + size * 0.45)} ${n(base)}H${n(x - size * 0.45)}Z" fill="${tint}" fill-opacity="${n(0.75 + row * 0.08)}"/>`
      )
    }
  }
  return parts.join('')
}

const DRAW: Record<Setting, (context: MotifContext) => string> = {
  sea: (context) => water(context, context.horizon),
  harbour: (context) => {
    const { width: w, height: h, unit: u } = context.canvas
    const quayTop = context.horizon + (h - context.horizon) * 0.55
    return [
      water(context, context.horizon),
      rect(0, context.horizon - 6 * u, w * 0.35, 6 * u, context.palette.stone),
      rect(w * 0.62, quayTop, w * 0.38, h - quayTop, context.palette.stone),
      rect(w * 0.62, quayTop, w * 0.38, 1.2 * u, context.palette.light, 0.5),
    ].join('')
  },
  beach: (context) => {
    const { height: h } = context.canvas
    const shore = context.horizon + (h - context.horizon) * 0.45
    return (
      water(context, context.horizon) +
      `<path d="${wave(context.canvas, shore, 1.5 * context.canvas.unit, 3)}V${n(h)}H0Z" fill="${context.palette.second}" fill-opacity="0.85"/>`
    )
  },
  lake: (context) => {
    const { width: w, height: h, unit: u } = context.canvas
    return (
      land(context, context.palette.ground) +
      `<ellipse cx="${n(w / 2)}" cy="${n(context.horizon + (h - context.horizon) * 0.4)}" rx="${n(w * 0.42)}" ry="${n(8 * u)}" fill="${context.palette.water}"/>`
    )
  },
  river: (context) => {
    const { width: w, height: h } = context.canvas
    return (
      land(context, context.palette.ground) +
      `<path d="M${n(w * 0.46)} ${n(context.horizon)}L${n(w * 0.54)} ${n(context.horizon)}L${n(w * 0.85)} ${n(h)}L${n(w * 0.15)} ${n(h)}Z" fill="${context.palette.water}"/>`
    )
  },
  mountain: (context) => {
    const { canvas, palette } = context
    const { width: w, height: h, unit: u } = canvas
    return [
      `<path d="${ridge(canvas, context.horizon, 40 * u)}V${n(h)}H0Z" fill="${palette.stone}"/>`,
      `<path d="${ridge(canvas, context.horizon + 4 * u, 22 * u)}V${n(h)}H0Z" fill="${palette.foliage}" fill-opacity="0.8"/>`,
      rect(0, context.horizon + 6 * u, w, h, palette.ground),
    ].join('')
  },
  forest: (context) =>
    land(context, context.palette.ground) +
    forest(context, context.horizon - 4 * context.canvas.unit, context.ground, 3),
  field: (context) => {
    const { canvas, palette } = context
    const { width: w, height: h, unit: u } = canvas
    const rows: string[] = []
    for (let index = 1; index < 8; index++) {
      rows.push(
        `<path d="M${n(w / 2)} ${n(context.horizon)}L${n(w / 2 + (index - 4) * w * 0.3)} ${n(h)}" stroke="${palette.foliage}" stroke-width="${n(0.6 * u)}"/>`
      )
    }
    return land(context, palette.ground) + rows.join('')
  },
  desert: (context) => {
    const { canvas, palette } = context
    const { height: h, unit: u } = canvas
    return `<path d="${wave(canvas, context.horizon, 4 * u, 2)}V${n(h)}H0Z" fill="${palette.second}"/><path d="${wave(canvas, context.horizon + 12 * u, 3 * u, 3)}V${n(h)}H0Z" fill="${palette.accent}" fill-opacity="0.45"/>`
  },
  snow: (context) => {
    const { canvas, palette } = context
    const { height: h, unit: u } = canvas
    return (
      `<path d="${ridge(canvas, context.horizon, 25 * u)}V${n(h)}H0Z" fill="${palette.stone}"/>` +
      `<path d="${wave(canvas, context.horizon + 5 * u, 2 * u, 2)}V${n(h)}H0Z" fill="${palette.light}"/>`
    )
  },
  street: (context) => {
    const { canvas, palette } = context
    const { width: w, height: h, unit: u } = canvas
    return [
      skyline(canvas, context.horizon, palette.stone, palette.second),
      rect(0, context.horizon, w, h - context.horizon, palette.ink, 0.85),
      rect(0, context.ground + 2 * u, w, 0.8 * u, palette.light, 0.7),
      `<path d="M0 ${n(context.ground - 1 * u)}H${n(w)}" stroke="${palette.second}" stroke-width="${n(0.5 * u)}" stroke-dasharray="${n(4 * u)} ${n(3 * u)}"/>`,
    ].join('')
  },
  city: (context) => {
    const { canvas, palette } = context
    const { width: w, height: h } = canvas
    return (
      skyline(canvas, context.horizon, palette.ink, palette.second) +
      rect(0, context.horizon, w, h - context.horizon, palette.stone)
    )
  },
  garden: (context) =>
    land(context, context.palette.ground) +
    forest(
      context,
      context.horizon - 2 * context.canvas.unit,
      context.horizon + 2 * context.canvas.unit,
      1
    ),
  kitchen: (context) => indoors(context, context.palette.roof),
  room: (context) => indoors(context, context.palette.wood),
}

/** A wall, a window on the sky and a table whose top is the ground line. */
function indoors(context: MotifContext, tableColor: string) {
  const { canvas, palette } = context
  const { width: w, height: h, unit: u } = canvas
  return [
    rect(0, 0, w, h, palette.light),
    rect(0, 0, w, h, palette.stone, 0.35),
    rect(w * 0.6, h * 0.1, w * 0.3, context.horizon * 0.6, 'url(#motifSky)'),
    `<rect x="${n(w * 0.6)}" y="${n(h * 0.1)}" width="${n(w * 0.3)}" height="${n(context.horizon * 0.6)}" fill="none" stroke="${palette.wood}" stroke-width="${n(1.2 * u)}"/>`,
    rect(0, context.ground, w, h - context.ground, tableColor),
    rect(0, context.ground, w, 1.5 * u, palette.ink, 0.25),
  ].join('')
}

export function drawSetting(context: MotifContext, setting: Setting) {
  return DRAW[setting](context)
}

export const INDOOR = new Set<Setting>(['kitchen', 'room'])
export const WATERY = new Set<Setting>(['sea', 'harbour', 'beach', 'lake', 'river'])
