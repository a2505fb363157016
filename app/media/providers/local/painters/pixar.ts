import {
  linear,
  radial,
  rect,
  circle,
  n,
  mix,
  type Canvas,
} from '#media/providers/local/painters/toolkit'

/** Glossy candy-coloured spheres and rounded blocks on a warm floor; one has eyes. */
export function paintPixar(canvas: Canvas) {
  const { width: w, height: h, unit: u, random } = canvas
  const floor = h * random.between(0.6, 0.68)
  const candy = ['#ff4f6d', '#2ec4b6', '#ffd23f', '#3a86ff', '#8338ec', '#06d6a0']
  const parts = [
    linear('wall', [
      [0, '#ffe2a8'],
      [1, '#ffb27a'],
    ]),
    linear('floor', [
      [0, '#f5a55e'],
      [1, '#d9783c'],
    ]),
    rect(0, 0, w, floor, 'url(#wall)'),
    rect(0, floor, w, h - floor, 'url(#floor)'),
    radial('shadow', [
      [0, '#000000', 0.3],
      [1, '#000000', 0],
    ]),
  ]
  candy.forEach((color, index) => {
    parts.push(
      radial(
        `gloss${index}`,
        [
          [0, mix(color, '#ffffff', 0.55)],
          [0.45, color],
          [1, mix(color, '#000000', 0.35)],
        ],
        { cx: 0.35, cy: 0.3, r: 0.75 }
      )
    )
  })
  const shapes = Array.from({ length: 5 }, (_, index) => ({
    x: w * ((index + 0.5) / 5 + random.between(-0.06, 0.06)),
    size: random.between(8, 15) * u,
    color: random.integer(0, candy.length - 1),
    round: random.next() < 0.6,
  })).sort((a, b) => a.size - b.size)
  for (const shape of shapes) {
    const y = floor + random.between(-2, 8) * u
    parts.push(
      `<ellipse cx="${n(shape.x)}" cy="${n(y)}" rx="${n(shape.size * 1.2)}" ry="${n(shape.size * 0.3)}" fill="url(#shadow)"/>`
    )
    if (shape.round) {
      parts.push(circle(shape.x, y - shape.size, shape.size, `url(#gloss${shape.color})`))
    } else {
      parts.push(
        `<rect x="${n(shape.x - shape.size)}" y="${n(y - shape.size * 2)}" width="${n(shape.size * 2)}" height="${n(shape.size * 2)}" rx="${n(shape.size * 0.45)}" fill="url(#gloss${shape.color})"/>`
      )
    }
    parts.push(
      `<ellipse cx="${n(shape.x - shape.size * 0.35)}" cy="${n(y - shape.size * 1.55)}" rx="${n(shape.size * 0.28)}" ry="${n(shape.size * 0.16)}" fill="#ffffff" fill-opacity="0.75"/>`
    )
  }
  const hero = shapes[shapes.length - 1]
  const heroY = floor + 3 * u - hero.size
  for (const side of [-1, 1]) {
    parts.push(
      circle(
        hero.x + side * hero.size * 0.32,
        heroY - hero.size * 0.15,
        hero.size * 0.2,
        '#ffffff'
      ),
      circle(hero.x + side * hero.size * 0.3, heroY - hero.size * 0.12, hero.size * 0.1, '#1b1b2f')
    )
  }
  return parts.join('')
}
