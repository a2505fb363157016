import { linear, rect, circle, n, type Canvas } from '#media/providers/local/painters/toolkit'

/** Thick warm strokes over an amber sky and umber ground, with canvas weave. */
export function paintOilPainting(canvas: Canvas) {
  const { width: w, height: h, unit: u, random } = canvas
  const horizon = h * random.between(0.5, 0.62)
  const skyPaint = ['#d9a441', '#f1d9a6', '#c0612b', '#e8b04a', '#b5793a']
  const groundPaint = ['#5b3a1e', '#6b6a2c', '#7a2e1f', '#8a4b22', '#3e2a14']
  const parts = [
    linear('ground', [
      [0, '#e2a54c'],
      [0.55, '#a8612a'],
      [0.6, '#4a2e17'],
      [1, '#22140a'],
    ]),
    `<pattern id="weave" width="${n(1.2 * u)}" height="${n(1.2 * u)}" patternUnits="userSpaceOnUse"><path d="M0 0L${n(1.2 * u)} ${n(1.2 * u)}" stroke="#000000" stroke-opacity="0.12" stroke-width="${n(0.25 * u)}"/></pattern>`,
    rect(0, 0, w, h, 'url(#ground)'),
    circle(
      w * random.between(0.2, 0.8),
      horizon * random.between(0.3, 0.6),
      random.between(7, 11) * u,
      '#f8dc95',
      0.9
    ),
  ]
  for (let index = 0; index < 420; index++) {
    const inSky = index < 220
    const y = inSky ? random.between(0, horizon) : random.between(horizon, h)
    const x = random.between(-0.05, 1.05) * w
    const length = random.between(3, 7) * u
    const angle = inSky ? random.between(-0.25, 0.25) : random.between(-0.8, 0.8)
    const bend = random.between(-1, 1) * u
    const end = { x: x + Math.cos(angle) * length, y: y + Math.sin(angle) * length }
    parts.push(
      `<path d="M${n(x)} ${n(y)}Q${n((x + end.x) / 2)} ${n((y + end.y) / 2 + bend)} ${n(end.x)} ${n(end.y)}" stroke="${random.pick(inSky ? skyPaint : groundPaint)}" stroke-opacity="${n(random.between(0.55, 0.9))}" stroke-width="${n(random.between(2, 4.5) * u)}" stroke-linecap="round" fill="none"/>`
    )
  }
  parts.push(rect(0, 0, w, h, 'url(#weave)'))
  return parts.join('')
}
