import { ridge } from '#media/providers/local/painters/shapes'
import {
  linear,
  radial,
  rect,
  circle,
  n,
  type Canvas,
} from '#media/providers/local/painters/toolkit'

/** A dusk horizon: graded sky, sun glow, fractal ridges fading with distance, a lake. */
export function paintRealistic(canvas: Canvas) {
  const { width: w, height: h, unit: u, random } = canvas
  const horizon = h * random.between(0.58, 0.66)
  const sunX = w * random.between(0.25, 0.75)
  const parts = [
    linear('sky', [
      [0, '#0f2748'],
      [0.45, '#3d6e9e'],
      [0.8, '#9dbbd3'],
      [1, '#f2c58a'],
    ]),
    linear('lake', [
      [0, '#51677e'],
      [1, '#0d151d'],
    ]),
    radial('sunGlow', [
      [0, '#fff4d6', 0.95],
      [0.3, '#ffd79a', 0.5],
      [1, '#ffd79a', 0],
    ]),
    radial('vignette', [
      [0.6, '#000000', 0],
      [1, '#000000', 0.45],
    ]),
    linear('reflection', [
      [0, '#fff4d6', 0.45],
      [1, '#ffd79a', 0],
    ]),
    rect(0, 0, w, horizon, 'url(#sky)'),
    circle(sunX, horizon, 35 * u, 'url(#sunGlow)'),
  ]
  const ridges = ['#7a8ea6', '#4a5d74', '#26323f']
  ridges.forEach((color, index) => {
    const base = horizon - (3 - index) * 4 * u
    parts.push(
      `<path d="${ridge(canvas, base, (14 - index * 3) * u)}L${n(w)} ${n(horizon)}L0 ${n(horizon)}Z" fill="${color}"/>`
    )
  })
  parts.push(
    rect(0, horizon, w, h - horizon, 'url(#lake)'),
    rect(sunX - 6 * u, horizon, 12 * u, (h - horizon) * 0.8, 'url(#reflection)'),
    rect(0, 0, w, h, 'url(#vignette)')
  )
  for (let index = 0; index < 5; index++) {
    const y = horizon + random.between(0.05, 0.6) * (h - horizon)
    parts.push(
      rect(random.between(0, w * 0.7), y, random.between(10, 30) * u, 0.3 * u, '#ffffff', 0.12)
    )
  }
  return parts.join('')
}
