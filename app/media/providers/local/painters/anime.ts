import { cloud, wave } from '#media/providers/local/painters/shapes'
import {
  linear,
  radial,
  rect,
  circle,
  n,
  type Canvas,
} from '#media/providers/local/painters/toolkit'

/** A saturated sky, cel-shaded clouds and hill, speed lines from the edges. */
export function paintAnime(canvas: Canvas) {
  const { width: w, height: h, unit: u, random } = canvas
  const horizon = h * random.between(0.62, 0.72)
  const parts = [
    linear('sky', [
      [0, '#0b5cff'],
      [0.45, '#3fa9ff'],
      [0.8, '#b5e3ff'],
      [1, '#ffd9ec'],
    ]),
    radial('glare', [
      [0, '#ffffff', 0.9],
      [1, '#ffffff', 0],
    ]),
    rect(0, 0, w, h, 'url(#sky)'),
    circle(w * random.between(0.1, 0.9), h * random.between(0.05, 0.2), 28 * u, 'url(#glare)'),
  ]
  for (let index = 0; index < 3; index++) {
    parts.push(
      cloud(
        canvas,
        w * random.between(0.1, 0.9),
        h * random.between(0.15, 0.5),
        random.between(8, 14) * u,
        '#ffffff',
        '#c9dcf5'
      )
    )
  }
  parts.push(
    `<path d="${wave(canvas, horizon, 5 * u, 2)}L${n(w)} ${n(h)}L0 ${n(h)}Z" fill="#3fb54a"/>`,
    `<path d="${wave(canvas, horizon + 9 * u, 4 * u, 3)}L${n(w)} ${n(h)}L0 ${n(h)}Z" fill="#248a35"/>`
  )
  const focus = { x: w * random.between(0.35, 0.65), y: h * random.between(0.35, 0.55) }
  const reach = Math.hypot(w, h)
  for (let index = 0; index < 44; index++) {
    const angle = (index / 44) * Math.PI * 2 + random.between(-0.05, 0.05)
    const inner = reach * random.between(0.3, 0.42)
    const spread = random.between(0.004, 0.012)
    const tip = { x: focus.x + Math.cos(angle) * inner, y: focus.y + Math.sin(angle) * inner }
    const left = {
      x: focus.x + Math.cos(angle - spread) * reach,
      y: focus.y + Math.sin(angle - spread) * reach,
    }
    const right = {
      x: focus.x + Math.cos(angle + spread) * reach,
      y: focus.y + Math.sin(angle + spread) * reach,
    }
    parts.push(
      `<polygon points="${n(tip.x)},${n(tip.y)} ${n(left.x)},${n(left.y)} ${n(right.x)},${n(right.y)}" fill="#ffffff" fill-opacity="${n(random.between(0.35, 0.7))}"/>`
    )
  }
  return parts.join('')
}
