import type { Random } from '#media/providers/local/random'

/*
 * What every painter draws with: the canvas it fills, and SVG and colour
 * helpers. Shapes several styles share are in shapes.ts.
 */

export type Canvas = {
  width: number
  height: number
  /** One hundredth of the shorter side: shapes scale with it. */
  unit: number
  random: Random
  /** Height kept clear at the bottom for the caption (0 without one). */
  captionBand: number
}

/** One style's picture as SVG elements, covering the whole canvas. */
export type Painter = (canvas: Canvas) => string

export type Stop = [offset: number, color: string, opacity?: number]

function stops(list: Stop[]) {
  return list
    .map(
      ([offset, color, opacity = 1]) =>
        `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`
    )
    .join('')
}

export function linear(id: string, list: Stop[], direction = { x2: 0, y2: 1 }) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${direction.x2}" y2="${direction.y2}">${stops(list)}</linearGradient>`
}

export function radial(id: string, list: Stop[], focus = { cx: 0.5, cy: 0.5, r: 0.5 }) {
  return `<radialGradient id="${id}" cx="${focus.cx}" cy="${focus.cy}" r="${focus.r}">${stops(list)}</radialGradient>`
}

export function rect(
  x: number,
  y: number,
  width: number,
  height: number,
  fill: string,
  opacity = 1
) {
  const alpha = opacity < 1 ? ` fill-opacity="${n(opacity)}"` : ''
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" fill="${fill}"${alpha}/>`
}

export function circle(cx: number, cy: number, r: number, fill: string, opacity = 1) {
  const alpha = opacity < 1 ? ` fill-opacity="${n(opacity)}"` : ''
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${alpha}/>`
}

/** Coordinates to one decimal: smaller SVG, no visible difference. */
export function n(value: number) {
  return Math.round(value * 10) / 10
}

function channels(hex: string) {
  const value = Number.parseInt(hex.slice(1), 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

function toHex(rgb: number[]) {
  return `#${rgb
    .map((value) =>
      Math.round(Math.min(255, Math.max(0, value)))
        .toString(16)
        .padStart(2, '0')
    )
    .join('')}`
}

export function mix(from: string, to: string, amount: number) {
  const a = channels(from)
  const b = channels(to)
  return toHex(a.map((value, index) => value + (b[index] - value) * amount))
}

/** Rotates a colour's hue by `degrees` (about the grey axis), keeping its lightness. */
export function shiftHue(hex: string, degrees: number) {
  const [r, g, b] = channels(hex)
  const angle = (degrees * Math.PI) / 180
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  const third = (1 - cos) / 3
  const root = Math.sqrt(1 / 3) * sin
  return toHex([
    r * (cos + third) + g * (third - root) + b * (third + root),
    r * (third + root) + g * (cos + third) + b * (third - root),
    r * (third - root) + g * (third + root) + b * (cos + third),
  ])
}
