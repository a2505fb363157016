import { rect, circle, n, type Canvas } from '#media/providers/local/painters/toolkit'

/* Shapes several styles share. */

export function skyline(canvas: Canvas, base: number, fill: string, windows: string) {
  const { width: w, unit: u, random } = canvas
  const parts: string[] = []
  let x = -random.between(0, 5) * u
  while (x < w) {
    const towerW = random.between(7, 16) * u
    const towerH = random.between(12, 40) * u
    parts.push(rect(x, base - towerH, towerW, towerH, fill))
    for (let index = 0; index < 4; index++) {
      if (random.next() < 0.35) {
        parts.push(
          rect(
            x + random.between(1, towerW / u - 2.5) * u,
            base - towerH + random.between(2, towerH / u - 3) * u,
            1.5 * u,
            1.5 * u,
            windows,
            0.75
          )
        )
      }
    }
    x += towerW + random.between(0, 2) * u
  }
  return parts.join('')
}

/** A standing figure in a long coat and hat, feet at (x, feet), optionally rim-lit. */
export function figure(x: number, feet: number, tall: number, fill: string, rim?: string) {
  const s = tall / 100
  const outline = rim ? ` stroke="${rim}" stroke-opacity="0.7" stroke-width="${n(s * 1.2)}"` : ''
  return [
    `<path d="M${n(x - 14 * s)} ${n(feet)}L${n(x - 11 * s)} ${n(feet - 62 * s)}Q${n(x)} ${n(feet - 72 * s)} ${n(x + 11 * s)} ${n(feet - 62 * s)}L${n(x + 14 * s)} ${n(feet)}Z" fill="${fill}"${outline}/>`,
    `<circle cx="${n(x)}" cy="${n(feet - 79 * s)}" r="${n(9 * s)}" fill="${fill}"${outline}/>`,
    `<ellipse cx="${n(x)}" cy="${n(feet - 85 * s)}" rx="${n(15 * s)}" ry="${n(3 * s)}" fill="${fill}"/>`,
    rect(x - 8 * s, feet - 97 * s, 16 * s, 12 * s, fill),
  ].join('')
}

export function cloud(
  canvas: Canvas,
  x: number,
  y: number,
  size: number,
  light: string,
  shade: string
) {
  const { random } = canvas
  const puffs = Array.from({ length: 7 }, (_, index) => ({
    x: x + (index - 3) * size * 0.55 + random.between(-0.2, 0.2) * size,
    y: y - Math.sin((index / 6) * Math.PI) * size * 0.6 + random.between(-0.15, 0.15) * size,
    r: size * random.between(0.5, 0.85),
  }))
  const shadePuffs = puffs.map((puff) => circle(puff.x, puff.y + size * 0.18, puff.r, shade))
  const lightPuffs = puffs.map((puff) => circle(puff.x, puff.y, puff.r * 0.92, light))
  return shadePuffs.join('') + lightPuffs.join('')
}

/** Slanted rain streaks over the whole canvas, `thickness` units wide. */
export function rain(
  canvas: Canvas,
  color: string,
  drops: number,
  opacity: number,
  thickness = 0.18
) {
  const { width: w, height: h, unit: u, random } = canvas
  const lines: string[] = []
  for (let index = 0; index < drops; index++) {
    const x = random.between(0, w)
    const y = random.between(0, h)
    const length = random.between(3, 7) * u
    lines.push(`M${n(x)} ${n(y)}l${n(-length * 0.25)} ${n(length)}`)
  }
  return `<path d="${lines.join('')}" stroke="${color}" stroke-opacity="${opacity}" stroke-width="${n(thickness * u)}"/>`
}

/** A smooth rolling line across the width, as an open path start. */
export function wave(canvas: Canvas, y: number, amplitude: number, humps: number) {
  const { width: w, random } = canvas
  const phase = random.between(0, Math.PI * 2)
  const points = Array.from({ length: 25 }, (_, index) => {
    const x = (index / 24) * w
    return `${n(x)} ${n(y + Math.sin((index / 24) * humps * Math.PI + phase) * amplitude)}`
  })
  return `M${points.join('L')}`
}

/** A jagged mountain ridge by midpoint displacement. */
export function ridge(canvas: Canvas, base: number, roughness: number) {
  const { width: w, random } = canvas
  let heights = [random.between(0, 1), random.between(0, 1)].map((value) => value * roughness)
  let spread = roughness
  for (let pass = 0; pass < 6; pass++) {
    spread /= 1.8
    heights = heights.flatMap((height, index) =>
      index === heights.length - 1
        ? [height]
        : [height, (height + heights[index + 1]) / 2 + random.between(-spread, spread)]
    )
  }
  const step = w / (heights.length - 1)
  return `M${heights.map((height, index) => `${n(index * step)} ${n(base - Math.abs(height))}`).join('L')}`
}
