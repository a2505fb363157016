import { wave } from '#media/providers/local/painters/shapes'
import {
  radial,
  rect,
  circle,
  n,
  shiftHue,
  type Canvas,
} from '#media/providers/local/painters/toolkit'

/** Soft pigment blotches with darker rims on warm paper. */
export function paintWatercolor(canvas: Canvas) {
  const { width: w, height: h, unit: u, random } = canvas
  const pigments = ['#e0788c', '#4fa3a5', '#e3b14f', '#8c7fd0', '#78b37a', '#5f93cf'].map((color) =>
    shiftHue(color, random.between(-12, 12))
  )
  const parts = [rect(0, 0, w, h, '#f4eee2')]
  pigments.forEach((color, index) => {
    parts.push(
      radial(`pigment${index}`, [
        [0, color, 0.6],
        [0.7, color, 0.35],
        [1, color, 0],
      ])
    )
  })
  const horizon = h * random.between(0.55, 0.7)
  parts.push(
    `<path d="${wave(canvas, horizon, 6 * u, 3)}L${n(w)} ${n(h)}L0 ${n(h)}Z" fill="${pigments[4]}" fill-opacity="0.3"/>`
  )
  for (let index = 0; index < 16; index++) {
    const pigment = random.integer(0, pigments.length - 1)
    const cx = random.between(-0.1, 1.1) * w
    const cy = random.between(-0.05, 1) * h
    const rx = random.between(12, 38) * u
    const ry = rx * random.between(0.5, 1)
    const rotation = n(random.between(0, 180))
    parts.push(
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" transform="rotate(${rotation} ${n(cx)} ${n(cy)})" fill="url(#pigment${pigment})"/>`,
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx * 0.82)}" ry="${n(ry * 0.82)}" transform="rotate(${rotation} ${n(cx)} ${n(cy)})" fill="none" stroke="${pigments[pigment]}" stroke-opacity="0.22" stroke-width="${n(0.5 * u)}"/>`
    )
  }
  for (let index = 0; index < 70; index++) {
    parts.push(
      circle(
        random.between(0, w),
        random.between(0, h),
        random.between(0.2, 0.9) * u,
        random.pick(pigments),
        random.between(0.15, 0.45)
      )
    )
  }
  return parts.join('')
}
