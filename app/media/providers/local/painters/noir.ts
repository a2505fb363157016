import { skyline, figure, rain } from '#media/providers/local/painters/shapes'
import { linear, rect, n, type Canvas } from '#media/providers/local/painters/toolkit'

/** Black and white, hard contrast: a skyline, light shafts through blinds, a lamp, rain. */
export function paintNoir(canvas: Canvas) {
  const { width: w, height: h, unit: u, random } = canvas
  const horizon = h * random.between(0.58, 0.68)
  const lampX = w * random.between(0.55, 0.8)
  const shaftAngle = random.between(25, 40) * (random.next() < 0.5 ? 1 : -1)
  const parts = [
    linear('sky', [
      [0, '#050505'],
      [0.6, '#2a2a2a'],
      [1, '#111111'],
    ]),
    linear(
      'shaft',
      [
        [0, '#ffffff', 0.32],
        [1, '#ffffff', 0],
      ],
      { x2: 1, y2: 0 }
    ),
    linear('cone', [
      [0, '#ffffff', 0.45],
      [1, '#ffffff', 0],
    ]),
    rect(0, 0, w, h, 'url(#sky)'),
  ]
  const gap = random.between(5, 8) * u
  const stripes = Array.from({ length: 7 }, (_, index) =>
    rect(-w * 0.2, index * gap * 1.6, w * 1.4, gap, 'url(#shaft)')
  )
  parts.push(`<g transform="rotate(${n(shaftAngle)} ${n(w / 2)} 0)">${stripes.join('')}</g>`)
  parts.push(skyline(canvas, horizon, '#000000', '#f2f2f2'))
  parts.push(rect(0, horizon, w, h - horizon, '#0b0b0b'))
  for (let index = 0; index < 9; index++) {
    const x = random.between(0, w)
    parts.push(
      rect(
        x,
        horizon,
        random.between(0.3, 1.2) * u,
        (h - horizon) * random.between(0.2, 0.7),
        '#ffffff',
        random.between(0.05, 0.14)
      )
    )
  }
  parts.push(
    `<polygon points="${n(lampX)},${n(horizon - 38 * u)} ${n(lampX - 22 * u)},${n(horizon + 6 * u)} ${n(lampX + 22 * u)},${n(horizon + 6 * u)}" fill="url(#cone)"/>`,
    rect(lampX - 0.6 * u, horizon - 38 * u, 1.2 * u, 44 * u, '#000000'),
    `<ellipse cx="${n(lampX)}" cy="${n(horizon - 38 * u)}" rx="${n(3 * u)}" ry="${n(1.4 * u)}" fill="#ffffff"/>`,
    figure(lampX - random.between(10, 16) * u, horizon + 5 * u, 22 * u, '#000000')
  )
  parts.push(rain(canvas, '#ffffff', 90, 0.18))
  return parts.join('')
}
