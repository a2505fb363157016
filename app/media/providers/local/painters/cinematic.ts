import { figure } from '#media/providers/local/painters/shapes'
import { linear, radial, rect, circle, type Canvas } from '#media/providers/local/painters/toolkit'

/** Teal and orange: a warm key light, bokeh, a rim-lit silhouette, letterbox bars. */
export function paintCinematic(canvas: Canvas) {
  const { width: w, height: h, unit: u, random } = canvas
  const bar = Math.round(h * 0.11)
  const lowerBar = Math.max(bar, canvas.captionBand)
  const keyX = w * (random.next() < 0.5 ? random.between(0.1, 0.35) : random.between(0.65, 0.9))
  const parts = [
    linear('teal', [
      [0, '#06161c'],
      [0.6, '#123d48'],
      [1, '#0a2229'],
    ]),
    radial('key', [
      [0, '#ffb05c', 0.85],
      [0.4, '#ff8a2a', 0.35],
      [1, '#ff8a2a', 0],
    ]),
    radial('vignette', [
      [0.55, '#000000', 0],
      [1, '#000000', 0.6],
    ]),
    rect(0, 0, w, h, 'url(#teal)'),
    circle(keyX, h * random.between(0.25, 0.45), 55 * u, 'url(#key)'),
  ]
  for (let index = 0; index < 24; index++) {
    const warm = random.next() < 0.55
    parts.push(
      circle(
        random.between(0, w),
        random.between(bar, h - lowerBar),
        random.between(1.5, 7) * u,
        warm ? '#ffa64d' : '#3fd0d4',
        random.between(0.12, 0.35)
      )
    )
  }
  const figureX = keyX < w / 2 ? w * random.between(0.55, 0.7) : w * random.between(0.3, 0.45)
  parts.push(
    figure(figureX, h - lowerBar, Math.min(h - bar - lowerBar, 70 * u), '#020607', '#ff9a3c'),
    rect(0, 0, w, h, 'url(#vignette)'),
    rect(0, 0, w, bar, '#000000'),
    rect(0, h - lowerBar, w, lowerBar, '#000000')
  )
  return parts.join('')
}
