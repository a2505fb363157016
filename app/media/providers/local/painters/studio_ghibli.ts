import { cloud, wave } from '#media/providers/local/painters/shapes'
import {
  linear,
  radial,
  rect,
  circle,
  n,
  type Canvas,
} from '#media/providers/local/painters/toolkit'

/** Pastel sky, big soft clouds, rolling green hills with round trees and a cottage. */
export function paintGhibli(canvas: Canvas) {
  const { width: w, height: h, unit: u, random } = canvas
  const parts = [
    linear('sky', [
      [0, '#7cc6ee'],
      [0.5, '#c4ebfa'],
      [1, '#f3fbef'],
    ]),
    radial('warm', [
      [0, '#fff1cc', 0.5],
      [1, '#fff1cc', 0],
    ]),
    rect(0, 0, w, h, 'url(#sky)'),
    circle(w * random.between(0, 0.3), 0, 60 * u, 'url(#warm)'),
  ]
  for (let index = 0; index < 2; index++) {
    parts.push(
      cloud(
        canvas,
        w * random.between(0.15, 0.85),
        h * random.between(0.12, 0.35),
        random.between(12, 18) * u,
        '#ffffff',
        '#dde9f4'
      )
    )
  }
  const hills = ['#b8dcb0', '#92c98a', '#6db26a', '#4e9a57']
  hills.forEach((color, index) => {
    const top = h * (0.48 + index * 0.08) + random.between(-3, 3) * u
    parts.push(
      `<path d="${wave(canvas, top, random.between(4, 9) * u, 2)}L${n(w)} ${n(h)}L0 ${n(h)}Z" fill="${color}"/>`
    )
  })
  const groundY = h * 0.76
  for (let index = 0; index < 4; index++) {
    const x = random.between(0.05, 0.95) * w
    const size = random.between(3, 6) * u
    parts.push(
      rect(x - 0.5 * u, groundY - size, u, size * 1.4, '#6b4a2f'),
      circle(x, groundY - size * 1.4, size, '#3f7f45')
    )
  }
  const houseX = random.between(0.2, 0.7) * w
  const houseY = h * 0.62
  parts.push(
    rect(houseX, houseY, 9 * u, 6 * u, '#fbf6ea'),
    `<polygon points="${n(houseX - u)},${n(houseY)} ${n(houseX + 4.5 * u)},${n(houseY - 4.5 * u)} ${n(houseX + 10 * u)},${n(houseY)}" fill="#c8553d"/>`,
    rect(houseX + 3.5 * u, houseY + 2.5 * u, 2 * u, 3.5 * u, '#7a5a3a')
  )
  return parts.join('')
}
