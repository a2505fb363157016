import type { StyleId } from '#core/vocabulary'
import type { Canvas } from '#media/providers/local/painters/toolkit'
import type { MotifContext } from '#media/providers/local/motifs/context'
import { PALETTES, type MotifPalette } from '#media/providers/local/motifs/palettes'
import { drawSetting, drawSky, INDOOR, WATERY } from '#media/providers/local/motifs/settings'
import { drawWeather, lightOf } from '#media/providers/local/motifs/weather'
import { AFLOAT, AIRBORNE, drawThing, SMALL, WIDE } from '#media/providers/local/motifs/things'
import {
  isSetting,
  isSky,
  isThing,
  motifsOf,
  type Setting,
  type Thing,
} from '#media/providers/local/motifs/vocabulary'

const MAX_THINGS = 4

/** Where a thing is usually seen, when the words name no place. */
const HOME: Partial<Record<Thing, Setting>> = {
  boat: 'sea',
  fish: 'sea',
  lighthouse: 'sea',
  tram: 'street',
  car: 'street',
  bicycle: 'street',
  train: 'field',
  horse: 'field',
  tent: 'forest',
  bridge: 'river',
  castle: 'mountain',
}

function settingFor(things: Thing[]): Setting {
  for (const thing of things) {
    if (HOME[thing]) return HOME[thing]
    if (SMALL.has(thing)) return thing === 'flower' ? 'garden' : 'kitchen'
  }
  return 'field'
}

/**
 * A still composed from the scene's own words: the place they name (or the
 * one their things belong to), its sky in the light of the time of day they
 * name, up to four things standing in it, in the style's colours and finish,
 * and the weather they name over it all. Undefined when the words name
 * nothing of the vocabulary: the style's own picture is drawn instead.
 */
export function paintMotifs(canvas: Canvas, style: StyleId, words: string) {
  const motifs = motifsOf(words)
  if (motifs.length === 0) return undefined
  const things = motifs.filter(isThing).slice(0, MAX_THINGS)
  const skies = motifs.filter(isSky)
  const setting = motifs.find(isSetting) ?? settingFor(things)
  if (setting === 'harbour' && !things.includes('boat')) things.unshift('boat')

  const palette = PALETTES[style]
  const { width: w, height: h, unit: u, random, captionBand } = canvas
  const indoor = INDOOR.has(setting)
  const horizon = h * (indoor ? 0.6 : random.between(0.5, 0.58))
  const ground = Math.min(h * (indoor ? 0.72 : 0.84), h - captionBand - 2 * u)
  const context: MotifContext = {
    canvas,
    palette,
    horizon,
    ground,
    waterline: WATERY.has(setting) ? horizon + (h - horizon) * 0.3 : undefined,
    light: lightOf(skies),
  }

  const placed = things.flatMap((thing) =>
    thing === 'boat' && (setting === 'harbour' || setting === 'sea')
      ? [thing, thing, thing]
      : [thing]
  )
  const drawn = placed.map((thing, index) => {
    const x = w * ((index + 1) / (placed.length + 1)) + random.between(-0.04, 0.04) * w
    return drawThing(
      context,
      thing,
      x,
      baseOf(context, thing, index),
      sizeOf(context, thing, indoor)
    )
  })

  return [
    drawSky(context, skies),
    drawSetting(context, setting),
    finish(palette, u, drawn.join('')),
    drawWeather(context, skies, indoor),
  ].join('')
}

function baseOf(context: MotifContext, thing: Thing, index: number) {
  if (AFLOAT.has(thing) && context.waterline !== undefined) {
    return context.waterline + (index % 2) * 4 * context.canvas.unit
  }
  return context.ground
}

function sizeOf({ canvas }: MotifContext, thing: Thing, indoor: boolean) {
  const u = canvas.unit
  if (SMALL.has(thing)) return (indoor ? 30 : 14) * u
  if (WIDE.has(thing)) return 16 * u
  if (AIRBORNE.has(thing)) return 14 * u
  return (indoor ? 20 : 28) * u
}

/** The style's finish on the things: an ink outline, or a painted edge. */
function finish(palette: MotifPalette, unit: number, things: string) {
  if (palette.outline) {
    return `<g stroke="${palette.outline}" stroke-width="${Math.round(unit * 0.35 * 10) / 10}" stroke-linejoin="round">${things}</g>`
  }
  if (palette.texture === 'wash' || palette.texture === 'impasto') {
    const wash = palette.texture === 'wash'
    const frequency = wash ? 0.02 : 0.09
    const scale = Math.round(unit * (wash ? 1.6 : 0.9) * 10) / 10
    return (
      `<filter id="paint" x="-5%" y="-5%" width="110%" height="110%"><feTurbulence type="fractalNoise" baseFrequency="${frequency}" numOctaves="2" seed="7"/><feDisplacementMap in="SourceGraphic" scale="${scale}"/></filter>` +
      `<g filter="url(#paint)"${wash ? ' opacity="0.88"' : ''}>${things}</g>`
    )
  }
  return things
}
