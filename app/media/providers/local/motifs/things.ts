import { circle, n, rect } from '#media/providers/local/painters/toolkit'
import type { MotifContext, ThingDrawing } from '#media/providers/local/motifs/context'
import type { Thing } from '#media/providers/local/motifs/vocabulary'

/*
 * Everyday things as a few shapes each, standing on (x, y), `s` pixels tall,
 * in the style's colours.
 */

const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`
const line = (d: string, color: string, width: number) =>
  `<path d="${d}" stroke="${color}" stroke-width="${n(width)}" fill="none" stroke-linecap="round"/>`
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string) =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"/>`

function figure({ palette }: MotifContext, x: number, y: number, s: number, shirt: string) {
  return [
    path(
      `M${n(x - s * 0.16)} ${n(y)}L${n(x - s * 0.13)} ${n(y - s * 0.72)}Q${n(x)} ${n(y - s * 0.8)} ${n(x + s * 0.13)} ${n(y - s * 0.72)}L${n(x + s * 0.16)} ${n(y)}Z`,
      shirt
    ),
    rect(x - s * 0.02, y - s * 0.45, s * 0.04, s * 0.45, palette.ink, 0.35),
    circle(x, y - s * 0.86, s * 0.12, palette.skin),
    path(
      `M${n(x - s * 0.12)} ${n(y - s * 0.88)}Q${n(x)} ${n(y - s * 1.04)} ${n(x + s * 0.12)} ${n(y - s * 0.88)}Z`,
      palette.ink
    ),
  ].join('')
}

function animal(
  context: MotifContext,
  x: number,
  y: number,
  s: number,
  coat: string,
  ears: 'dog' | 'cat'
) {
  const { palette } = context
  const body = ellipse(x, y - s * 0.45, s * 0.45, s * 0.2, coat)
  const legs = [-0.3, -0.15, 0.15, 0.3]
    .map((dx) => rect(x + dx * s, y - s * 0.35, s * 0.07, s * 0.35, coat))
    .join('')
  const head = circle(x + s * 0.45, y - s * 0.7, s * 0.18, coat)
  const ear =
    ears === 'cat'
      ? path(
          `M${n(x + s * 0.32)} ${n(y - s * 0.8)}L${n(x + s * 0.36)} ${n(y - s * 1)}L${n(x + s * 0.46)} ${n(y - s * 0.86)}Z`,
          coat
        )
      : ellipse(x + s * 0.36, y - s * 0.72, s * 0.07, s * 0.16, palette.ink)
  const tail =
    ears === 'cat'
      ? line(
          `M${n(x - s * 0.42)} ${n(y - s * 0.5)}Q${n(x - s * 0.7)} ${n(y - s * 0.6)} ${n(x - s * 0.6)} ${n(y - s * 1)}`,
          coat,
          s * 0.07
        )
      : line(
          `M${n(x - s * 0.42)} ${n(y - s * 0.55)}L${n(x - s * 0.62)} ${n(y - s * 0.8)}`,
          coat,
          s * 0.07
        )
  return body + legs + tail + head + ear + circle(x + s * 0.52, y - s * 0.72, s * 0.03, palette.ink)
}

const DRAW: Record<Thing, ThingDrawing> = {
  boat: ({ palette }, x, y, s) =>
    path(
      `M${n(x - s * 0.6)} ${n(y - s * 0.25)}H${n(x + s * 0.6)}L${n(x + s * 0.4)} ${n(y)}H${n(x - s * 0.4)}Z`,
      palette.roof
    ) +
    line(`M${n(x)} ${n(y - s * 0.25)}V${n(y - s * 1.1)}`, palette.wood, s * 0.04) +
    path(
      `M${n(x + s * 0.03)} ${n(y - s * 1.05)}L${n(x + s * 0.5)} ${n(y - s * 0.32)}H${n(x + s * 0.03)}Z`,
      palette.light
    ),
  tram: ({ palette }, x, y, s) => {
    const w = s * 1.8
    const windows = [0, 1, 2, 3]
      .map((index) =>
        rect(
          x - w / 2 + s * 0.12 + index * s * 0.42,
          y - s * 0.72,
          s * 0.3,
          s * 0.25,
          palette.light,
          0.9
        )
      )
      .join('')
    return [
      line(
        `M${n(x - s * 0.2)} ${n(y - s * 0.95)}L${n(x + s * 0.1)} ${n(y - s * 1.25)}`,
        palette.ink,
        s * 0.03
      ),
      rect(x - w / 2, y - s * 0.95, w, s * 0.8, palette.second),
      rect(x - w / 2, y - s * 0.35, w, s * 0.12, palette.light, 0.8),
      windows,
      circle(x - w * 0.3, y - s * 0.1, s * 0.1, palette.ink),
      circle(x + w * 0.3, y - s * 0.1, s * 0.1, palette.ink),
    ].join('')
  },
  car: ({ palette }, x, y, s) =>
    path(
      `M${n(x - s * 0.7)} ${n(y - s * 0.15)}V${n(y - s * 0.45)}L${n(x - s * 0.35)} ${n(y - s * 0.5)}L${n(x - s * 0.2)} ${n(y - s * 0.8)}H${n(x + s * 0.3)}L${n(x + s * 0.45)} ${n(y - s * 0.5)}L${n(x + s * 0.7)} ${n(y - s * 0.45)}V${n(y - s * 0.15)}Z`,
      palette.accent
    ) +
    rect(x - s * 0.15, y - s * 0.72, s * 0.4, s * 0.2, palette.light, 0.8) +
    circle(x - s * 0.4, y - s * 0.15, s * 0.15, palette.ink) +
    circle(x + s * 0.4, y - s * 0.15, s * 0.15, palette.ink),
  bicycle: ({ palette }, x, y, s) =>
    `<circle cx="${n(x - s * 0.4)}" cy="${n(y - s * 0.28)}" r="${n(s * 0.28)}" fill="none" stroke="${palette.ink}" stroke-width="${n(s * 0.05)}"/>` +
    `<circle cx="${n(x + s * 0.4)}" cy="${n(y - s * 0.28)}" r="${n(s * 0.28)}" fill="none" stroke="${palette.ink}" stroke-width="${n(s * 0.05)}"/>` +
    line(
      `M${n(x - s * 0.4)} ${n(y - s * 0.28)}L${n(x - s * 0.05)} ${n(y - s * 0.7)}H${n(x + s * 0.3)}L${n(x + s * 0.4)} ${n(y - s * 0.28)}M${n(x - s * 0.05)} ${n(y - s * 0.7)}L${n(x)} ${n(y - s * 0.28)}L${n(x + s * 0.3)} ${n(y - s * 0.7)}`,
      palette.accent,
      s * 0.05
    ),
  train: ({ palette }, x, y, s) =>
    [0, 1, 2]
      .map(
        (car) =>
          rect(
            x - s * 1.6 + car * s * 1.1,
            y - s * 0.8,
            s,
            s * 0.65,
            car === 0 ? palette.roof : palette.second
          ) + rect(x - s * 1.5 + car * s * 1.1, y - s * 0.7, s * 0.8, s * 0.2, palette.light, 0.8)
      )
      .join('') + rect(x - s * 1.8, y - s * 0.12, s * 3.6, s * 0.08, palette.ink),
  bridge: ({ canvas, palette }, _x, y, s) =>
    `<path d="M0 ${n(y - s * 0.6)}Q${n(canvas.width / 2)} ${n(y - s * 1.6)} ${n(canvas.width)} ${n(y - s * 0.6)}" stroke="${palette.stone}" stroke-width="${n(s * 0.16)}" fill="none"/>` +
    rect(0, y - s * 0.62, canvas.width, s * 0.1, palette.stone),
  house: ({ palette }, x, y, s) =>
    rect(x - s * 0.5, y - s * 0.6, s, s * 0.6, palette.light) +
    path(
      `M${n(x - s * 0.6)} ${n(y - s * 0.58)}L${n(x)} ${n(y - s)}L${n(x + s * 0.6)} ${n(y - s * 0.58)}Z`,
      palette.roof
    ) +
    rect(x - s * 0.1, y - s * 0.32, s * 0.2, s * 0.32, palette.wood) +
    rect(x + s * 0.2, y - s * 0.45, s * 0.18, s * 0.15, palette.second),
  castle: ({ palette }, x, y, s) =>
    [-0.55, 0, 0.55]
      .map((dx, index) => {
        const tall = index === 1 ? s : s * 0.75
        return (
          rect(x + dx * s - s * 0.2, y - tall, s * 0.4, tall, palette.stone) +
          path(
            `M${n(x + dx * s - s * 0.25)} ${n(y - tall)}L${n(x + dx * s)} ${n(y - tall - s * 0.3)}L${n(x + dx * s + s * 0.25)} ${n(y - tall)}Z`,
            palette.roof
          )
        )
      })
      .join('') +
    rect(x - s * 0.55, y - s * 0.5, s * 1.1, s * 0.5, palette.stone) +
    path(
      `M${n(x - s * 0.12)} ${n(y)}V${n(y - s * 0.22)}Q${n(x)} ${n(y - s * 0.34)} ${n(x + s * 0.12)} ${n(y - s * 0.22)}V${n(y)}Z`,
      palette.ink
    ),
  church: ({ palette }, x, y, s) =>
    rect(x - s * 0.35, y - s * 0.55, s * 0.7, s * 0.55, palette.light) +
    rect(x - s * 0.12, y - s * 0.9, s * 0.24, s * 0.4, palette.light) +
    path(
      `M${n(x - s * 0.16)} ${n(y - s * 0.88)}L${n(x)} ${n(y - s * 1.15)}L${n(x + s * 0.16)} ${n(y - s * 0.88)}Z`,
      palette.roof
    ) +
    line(
      `M${n(x)} ${n(y - s * 1.15)}V${n(y - s * 1.3)}M${n(x - s * 0.05)} ${n(y - s * 1.24)}H${n(x + s * 0.05)}`,
      palette.ink,
      s * 0.03
    ) +
    rect(x - s * 0.08, y - s * 0.25, s * 0.16, s * 0.25, palette.wood),
  lighthouse: ({ palette }, x, y, s) =>
    path(
      `M${n(x - s * 0.16)} ${n(y)}L${n(x - s * 0.1)} ${n(y - s * 0.85)}H${n(x + s * 0.1)}L${n(x + s * 0.16)} ${n(y)}Z`,
      palette.light
    ) +
    [0.2, 0.5]
      .map((at) => rect(x - s * 0.15, y - s * (at + 0.12), s * 0.3, s * 0.12, palette.roof))
      .join('') +
    rect(x - s * 0.08, y - s * 0.98, s * 0.16, s * 0.13, palette.sun) +
    path(
      `M${n(x)} ${n(y - s * 0.92)}L${n(x + s * 1.6)} ${n(y - s * 1.1)}V${n(y - s * 0.74)}Z`,
      palette.sun,
      ' fill-opacity="0.35"'
    ),
  tree: ({ palette }, x, y, s) =>
    rect(x - s * 0.06, y - s * 0.5, s * 0.12, s * 0.5, palette.wood) +
    circle(x, y - s * 0.7, s * 0.32, palette.foliage) +
    circle(x - s * 0.18, y - s * 0.55, s * 0.2, palette.foliage),
  flower: ({ palette }, x, y, s) =>
    line(`M${n(x)} ${n(y)}V${n(y - s * 0.6)}`, palette.foliage, s * 0.06) +
    [0, 72, 144, 216, 288]
      .map((deg) =>
        circle(
          x + Math.cos((deg * Math.PI) / 180) * s * 0.14,
          y - s * 0.72 + Math.sin((deg * Math.PI) / 180) * s * 0.14,
          s * 0.11,
          palette.accent
        )
      )
      .join('') +
    circle(x, y - s * 0.72, s * 0.08, palette.second),
  person: (context, x, y, s) => figure(context, x, y, s, context.palette.accent),
  child: (context, x, y, s) => figure(context, x, y, s * 0.6, context.palette.second),
  dog: (context, x, y, s) => animal(context, x, y, s * 0.6, context.palette.wood, 'dog'),
  cat: (context, x, y, s) => animal(context, x, y, s * 0.45, context.palette.second, 'cat'),
  bird: ({ palette }, x, y, s) =>
    [0, 1, 2]
      .map((index) =>
        line(
          `M${n(x + index * s * 0.5 - s * 0.2)} ${n(y - s * (1.8 + (index % 2) * 0.3))}q${n(s * 0.12)} ${n(-s * 0.12)} ${n(s * 0.22)} 0q${n(s * 0.1)} ${n(-s * 0.12)} ${n(s * 0.22)} 0`,
          palette.ink,
          s * 0.04
        )
      )
      .join(''),
  fish: ({ palette }, x, y, s) =>
    ellipse(x, y - s * 0.2, s * 0.35, s * 0.16, palette.accent) +
    path(
      `M${n(x - s * 0.3)} ${n(y - s * 0.2)}L${n(x - s * 0.55)} ${n(y - s * 0.38)}V${n(y - s * 0.02)}Z`,
      palette.accent
    ) +
    circle(x + s * 0.2, y - s * 0.24, s * 0.03, palette.ink),
  horse: ({ palette }, x, y, s) =>
    ellipse(x, y - s * 0.6, s * 0.45, s * 0.2, palette.wood) +
    [-0.32, -0.2, 0.2, 0.32]
      .map((dx) => rect(x + dx * s, y - s * 0.5, s * 0.07, s * 0.5, palette.wood))
      .join('') +
    path(
      `M${n(x + s * 0.3)} ${n(y - s * 0.7)}L${n(x + s * 0.5)} ${n(y - s * 1.05)}L${n(x + s * 0.7)} ${n(y - s * 0.95)}L${n(x + s * 0.45)} ${n(y - s * 0.6)}Z`,
      palette.wood
    ) +
    line(
      `M${n(x - s * 0.44)} ${n(y - s * 0.65)}Q${n(x - s * 0.6)} ${n(y - s * 0.5)} ${n(x - s * 0.55)} ${n(y - s * 0.3)}`,
      palette.ink,
      s * 0.06
    ),
  food: ({ palette }, x, y, s) =>
    ellipse(x, y - s * 0.08, s * 0.6, s * 0.12, palette.light) +
    ellipse(x, y - s * 0.14, s * 0.4, s * 0.1, palette.second) +
    circle(x - s * 0.12, y - s * 0.2, s * 0.08, palette.roof) +
    circle(x + s * 0.12, y - s * 0.18, s * 0.07, palette.foliage),
  coffee: ({ palette }, x, y, s) =>
    ellipse(x, y - s * 0.05, s * 0.45, s * 0.08, palette.light) +
    path(
      `M${n(x - s * 0.28)} ${n(y - s * 0.55)}H${n(x + s * 0.28)}L${n(x + s * 0.22)} ${n(y - s * 0.1)}H${n(x - s * 0.22)}Z`,
      palette.accent
    ) +
    `<circle cx="${n(x + s * 0.32)}" cy="${n(y - s * 0.35)}" r="${n(s * 0.1)}" fill="none" stroke="${palette.accent}" stroke-width="${n(s * 0.05)}"/>` +
    ellipse(x, y - s * 0.55, s * 0.26, s * 0.05, palette.wood) +
    line(
      `M${n(x - s * 0.08)} ${n(y - s * 0.65)}q${n(s * 0.08)} ${n(-s * 0.12)} 0 ${n(-s * 0.24)}M${n(x + s * 0.08)} ${n(y - s * 0.65)}q${n(s * 0.08)} ${n(-s * 0.12)} 0 ${n(-s * 0.24)}`,
      palette.light,
      s * 0.03
    ),
  bread: ({ palette }, x, y, s) =>
    ellipse(x, y - s * 0.18, s * 0.55, s * 0.2, palette.second) +
    line(
      `M${n(x - s * 0.25)} ${n(y - s * 0.3)}l${n(s * 0.1)} ${n(s * 0.12)}M${n(x)} ${n(y - s * 0.32)}l${n(s * 0.1)} ${n(s * 0.12)}M${n(x + s * 0.25)} ${n(y - s * 0.3)}l${n(s * 0.1)} ${n(s * 0.12)}`,
      palette.wood,
      s * 0.04
    ),
  cake: ({ palette }, x, y, s) =>
    rect(x - s * 0.4, y - s * 0.3, s * 0.8, s * 0.3, palette.accent) +
    rect(x - s * 0.3, y - s * 0.55, s * 0.6, s * 0.25, palette.light) +
    rect(x - s * 0.02, y - s * 0.75, s * 0.04, s * 0.2, palette.second) +
    circle(x, y - s * 0.8, s * 0.04, palette.sun),
  fruit: ({ palette }, x, y, s) =>
    [-0.25, 0, 0.25]
      .map((dx, index) =>
        circle(
          x + dx * s,
          y - s * 0.15 - (index === 1 ? s * 0.15 : 0),
          s * 0.16,
          index === 1 ? palette.second : palette.roof
        )
      )
      .join('') + ellipse(x + s * 0.05, y - s * 0.5, s * 0.07, s * 0.03, palette.foliage),
  book: ({ palette }, x, y, s) =>
    path(
      `M${n(x)} ${n(y - s * 0.05)}L${n(x - s * 0.55)} ${n(y - s * 0.15)}V${n(y - s * 0.45)}L${n(x)} ${n(y - s * 0.35)}Z`,
      palette.light
    ) +
    path(
      `M${n(x)} ${n(y - s * 0.05)}L${n(x + s * 0.55)} ${n(y - s * 0.15)}V${n(y - s * 0.45)}L${n(x)} ${n(y - s * 0.35)}Z`,
      palette.light
    ) +
    line(`M${n(x)} ${n(y - s * 0.05)}V${n(y - s * 0.35)}`, palette.roof, s * 0.04),
  computer: ({ palette }, x, y, s) =>
    rect(x - s * 0.45, y - s * 0.7, s * 0.9, s * 0.6, palette.ink) +
    rect(x - s * 0.4, y - s * 0.65, s * 0.8, s * 0.5, palette.second, 0.8) +
    path(
      `M${n(x - s * 0.55)} ${n(y)}L${n(x - s * 0.45)} ${n(y - s * 0.1)}H${n(x + s * 0.45)}L${n(x + s * 0.55)} ${n(y)}Z`,
      palette.stone
    ),
  phone: ({ palette }, x, y, s) =>
    `<rect x="${n(x - s * 0.17)}" y="${n(y - s * 0.65)}" width="${n(s * 0.34)}" height="${n(s * 0.65)}" rx="${n(s * 0.05)}" fill="${palette.ink}"/>` +
    rect(x - s * 0.14, y - s * 0.58, s * 0.28, s * 0.5, palette.accent, 0.85),
  fire: ({ palette }, x, y, s) =>
    line(
      `M${n(x - s * 0.35)} ${n(y - s * 0.05)}L${n(x + s * 0.35)} ${n(y - s * 0.15)}M${n(x - s * 0.35)} ${n(y - s * 0.15)}L${n(x + s * 0.35)} ${n(y - s * 0.05)}`,
      palette.wood,
      s * 0.1
    ) +
    path(
      `M${n(x - s * 0.25)} ${n(y - s * 0.12)}Q${n(x - s * 0.3)} ${n(y - s * 0.5)} ${n(x)} ${n(y - s * 0.9)}Q${n(x + s * 0.3)} ${n(y - s * 0.5)} ${n(x + s * 0.25)} ${n(y - s * 0.12)}Z`,
      palette.accent
    ) +
    path(
      `M${n(x - s * 0.12)} ${n(y - s * 0.12)}Q${n(x - s * 0.12)} ${n(y - s * 0.4)} ${n(x)} ${n(y - s * 0.55)}Q${n(x + s * 0.12)} ${n(y - s * 0.4)} ${n(x + s * 0.12)} ${n(y - s * 0.12)}Z`,
      palette.sun
    ),
  tent: ({ palette }, x, y, s) =>
    path(
      `M${n(x - s * 0.6)} ${n(y)}L${n(x)} ${n(y - s * 0.7)}L${n(x + s * 0.6)} ${n(y)}Z`,
      palette.accent
    ) +
    path(
      `M${n(x - s * 0.12)} ${n(y)}L${n(x)} ${n(y - s * 0.4)}L${n(x + s * 0.12)} ${n(y)}Z`,
      palette.ink
    ),
  robot: ({ palette }, x, y, s) =>
    rect(x - s * 0.25, y - s * 0.65, s * 0.5, s * 0.45, palette.stone) +
    rect(x - s * 0.18, y - s * 0.95, s * 0.36, s * 0.26, palette.stone) +
    circle(x - s * 0.08, y - s * 0.82, s * 0.04, palette.light) +
    circle(x + s * 0.08, y - s * 0.82, s * 0.04, palette.light) +
    line(`M${n(x)} ${n(y - s * 0.95)}V${n(y - s * 1.08)}`, palette.ink, s * 0.03) +
    circle(x, y - s * 1.1, s * 0.04, palette.accent) +
    rect(x - s * 0.2, y - s * 0.2, s * 0.12, s * 0.2, palette.ink) +
    rect(x + s * 0.08, y - s * 0.2, s * 0.12, s * 0.2, palette.ink),
  plane: ({ palette }, x, y, s) =>
    ellipse(x, y - s * 2, s * 0.6, s * 0.1, palette.light) +
    path(
      `M${n(x - s * 0.1)} ${n(y - s * 2)}L${n(x + s * 0.15)} ${n(y - s * 2.35)}H${n(x + s * 0.3)}L${n(x + s * 0.15)} ${n(y - s * 2)}Z`,
      palette.stone
    ) +
    path(
      `M${n(x - s * 0.5)} ${n(y - s * 2)}L${n(x - s * 0.6)} ${n(y - s * 2.2)}H${n(x - s * 0.5)}L${n(x - s * 0.4)} ${n(y - s * 2)}Z`,
      palette.stone
    ),
}

export function drawThing(context: MotifContext, thing: Thing, x: number, y: number, size: number) {
  return DRAW[thing](context, x, y, size)
}

/** Things that float on water when the setting has it. */
export const AFLOAT = new Set<Thing>(['boat', 'fish'])
/** Things that sit on a table: drawn larger, in the foreground. */
export const SMALL = new Set<Thing>([
  'food',
  'coffee',
  'bread',
  'cake',
  'fruit',
  'book',
  'computer',
  'phone',
  'flower',
])
/** Things seen in the sky above the scene. */
export const AIRBORNE = new Set<Thing>(['bird', 'plane'])
/** Things wide enough to span the picture. */
export const WIDE = new Set<Thing>(['bridge', 'train', 'tram'])
