import { rain } from '#media/providers/local/painters/shapes'
import { linear, rect, n, type Canvas } from '#media/providers/local/painters/toolkit'

/** Neon magenta and cyan: a striped sun, a glowing skyline, a perspective grid. */
export function paintCyberpunk(canvas: Canvas) {
  const { width: w, height: h, unit: u, random } = canvas
  const horizon = h * random.between(0.55, 0.62)
  const sunX = w * random.between(0.3, 0.7)
  const sunR = random.between(16, 24) * u
  const parts = [
    linear('sky', [
      [0, '#05010d'],
      [0.7, '#24063f'],
      [1, '#5a0b5e'],
    ]),
    linear('sun', [
      [0, '#ffd000'],
      [1, '#ff1fb4'],
    ]),
    rect(0, 0, w, h, 'url(#sky)'),
    `<circle cx="${n(sunX)}" cy="${n(horizon - sunR * 0.35)}" r="${n(sunR)}" fill="url(#sun)"/>`,
  ]
  for (let index = 1; index <= 5; index++) {
    const y = horizon - sunR * 0.35 + (index / 6) * sunR
    parts.push(rect(sunX - sunR, y, sunR * 2, index * 0.35 * u, '#2a0744'))
  }
  const neon = ['#00f0ff', '#ff2bd6', '#ffe600']
  let x = -random.between(0, 6) * u
  while (x < w) {
    const towerW = random.between(6, 14) * u
    const towerH = random.between(10, 45) * u
    const color = random.pick(neon)
    parts.push(
      rect(x, horizon - towerH, towerW, towerH, '#0a0214'),
      `<rect x="${n(x)}" y="${n(horizon - towerH)}" width="${n(towerW)}" height="${n(towerH)}" fill="none" stroke="${color}" stroke-opacity="0.7" stroke-width="${n(0.3 * u)}"/>`
    )
    for (let window = 0; window < towerH / (3 * u); window++) {
      if (random.next() < 0.45) {
        parts.push(
          rect(
            x + random.between(1, towerW / u - 2) * u,
            horizon - towerH + (window * 3 + 1.5) * u,
            1.2 * u,
            0.8 * u,
            random.pick(neon),
            0.8
          )
        )
      }
    }
    x += towerW + random.between(0.5, 3) * u
  }
  parts.push(rect(0, horizon, w, h - horizon, '#0b0016'))
  const grid: string[] = []
  for (let index = 1; index <= 12; index++) {
    const y = horizon + (h - horizon) * (index / 12) ** 2
    grid.push(`M0 ${n(y)}H${n(w)}`)
  }
  for (let index = -12; index <= 12; index++) {
    grid.push(`M${n(w / 2)} ${n(horizon)}L${n(w / 2 + index * w * 0.18)} ${n(h)}`)
  }
  const path = grid.join('')
  parts.push(
    `<path d="${path}" stroke="#ff2bd6" stroke-opacity="0.25" stroke-width="${n(1.4 * u)}" fill="none"/>`,
    `<path d="${path}" stroke="#00f0ff" stroke-opacity="0.85" stroke-width="${n(0.35 * u)}" fill="none"/>`
  )
  parts.push(rain(canvas, '#00f0ff', 40, 0.2))
  return parts.join('')
}
