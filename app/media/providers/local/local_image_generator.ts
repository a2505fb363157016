import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import type { StyleId } from '#core/vocabulary'
import {
  ProviderError,
  sizeFor,
  type GeneratedImage,
  type ImageGenerator,
  type ImageRequest,
} from '#media/providers/contracts'
import { hashString, Random } from '#media/providers/local/random'

// A font file of our own: captions render the same with or without system fonts.
const FONT_FILE = fileURLToPath(import.meta.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'))
const MIN_WIDTH = 16
const MAX_WIDTH = 7680
const CAPTION_LINES = 3
const JPEG_QUALITY = 84

/**
 * The offline image generator: a still per scene drawn as SVG in the style's
 * palette and composition, shapes placed by a generator seeded with the seed
 * and the prompt, the scene's words as a quiet caption at the bottom.
 */
export class LocalImageGenerator implements ImageGenerator {
  async generate(request: ImageRequest): Promise<GeneratedImage> {
    if (!(request.width >= MIN_WIDTH && request.width <= MAX_WIDTH)) {
      throw new ProviderError(`Image width ${request.width} is out of range`, 'rejected_input')
    }
    const { width, height } = sizeFor(request.aspectRatio, request.width)
    const caption = await renderCaption(request.sceneText, width, height)
    const canvas: Canvas = {
      width,
      height,
      unit: Math.min(width, height) / 100,
      random: new Random(hashString(`${request.seed}:${request.style}:${request.prompt}`)),
      captionBand: caption ? caption.height + 2 * caption.margin : 0,
    }

    const svg = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
      PAINTERS[request.style](canvas),
      caption && !OWN_CAPTION_BACKING.has(request.style) ? captionShade(canvas) : '',
      '</svg>',
    ].join('')

    const image = sharp(Buffer.from(svg))
    if (caption) {
      image.composite([
        {
          input: caption.data,
          left: Math.round((width - caption.width) / 2),
          top: height - caption.margin - caption.height,
        },
      ])
    }
    const data = await image.jpeg({ quality: JPEG_QUALITY }).toBuffer()
    return { data, contentType: 'image/jpeg', width, height }
  }
}

type Canvas = {
  width: number
  height: number
  /** One hundredth of the shorter side: shapes scale with it. */
  unit: number
  random: Random
  /** Height kept clear at the bottom for the caption (0 without one). */
  captionBand: number
}

type Caption = { data: Buffer; width: number; height: number; margin: number }

/** White text at 90% over a soft shade, at most three lines, wrapped by Pango. */
async function renderCaption(text: string, width: number, height: number) {
  const clean = text.replace(/[\p{Cc}\s]+/gu, ' ').trim()
  if (!clean) return undefined

  const fontSize = Math.max(8, Math.round(Math.min(width, height) * 0.042))
  const wrapWidth = Math.round(width * 0.86)
  // DejaVu Sans averages a little over half an em per character.
  const maxCharacters = Math.floor(wrapWidth / (fontSize * 0.56)) * CAPTION_LINES
  const markup = `<span foreground="#ffffff" fgalpha="90%">${escapeXml(truncate(clean, maxCharacters))}</span>`
  const { data, info } = await sharp({
    text: {
      text: markup,
      font: `DejaVu Sans ${fontSize}`,
      fontfile: FONT_FILE,
      width: wrapWidth,
      align: 'centre',
      wrap: 'word-char',
      rgba: true,
      dpi: 72,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true })
  // On a thumbnail-sized still three lines would cover the picture: leave them out.
  if (info.height > height / 2) return undefined
  const margin = Math.round(Math.min(width, height) * 0.06)
  return { data, width: info.width, height: info.height, margin } satisfies Caption
}

function truncate(text: string, maxCharacters: number) {
  const characters = [...text]
  if (characters.length <= maxCharacters) return text
  const cut = characters.slice(0, maxCharacters - 1).join('')
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > maxCharacters / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`
}

function escapeXml(text: string) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** A darkening under the caption so it reads on any background. */
function captionShade({ width, height, captionBand }: Canvas) {
  const top = height - captionBand * 1.5
  return (
    linear('captionShade', [
      [0, '#000000', 0],
      [0.35, '#000000', 0.3],
      [1, '#000000', 0.55],
    ]) + rect(0, top, width, height - top, 'url(#captionShade)')
  )
}

type Painter = (canvas: Canvas) => string

// Cinematic letterbox bars are black already: the caption sits on the lower one.
const OWN_CAPTION_BACKING = new Set<StyleId>(['cinematic'])

const PAINTERS: Record<StyleId, Painter> = {
  'anime': paintAnime,
  'cinematic': paintCinematic,
  'realistic': paintRealistic,
  'pixel': paintPixel,
  'watercolor': paintWatercolor,
  'studio-ghibli': paintGhibli,
  'cyberpunk': paintCyberpunk,
  'pixar': paintPixar,
  'oil-painting': paintOilPainting,
  'noir': paintNoir,
}

/** Black and white, hard contrast: a skyline, light shafts through blinds, a lamp, rain. */
function paintNoir(canvas: Canvas) {
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

/** Neon magenta and cyan: a striped sun, a glowing skyline, a perspective grid. */
function paintCyberpunk(canvas: Canvas) {
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

/** Soft pigment blotches with darker rims on warm paper. */
function paintWatercolor(canvas: Canvas) {
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

/** Retro blocks: a dithered sunset sky, a pixel sun, mountains and grassy hills. */
function paintPixel(canvas: Canvas) {
  const { width: w, height: h, random } = canvas
  const cell = Math.max(2, Math.round(Math.min(w, h) / 32))
  const columns = Math.ceil(w / cell)
  const rows = Math.ceil(h / cell)
  const palette = [
    '#1d2b53',
    '#7e2553',
    '#ff77a8',
    '#ffccaa',
    '#ffec27',
    '#5f574f',
    '#008751',
    '#00e436',
    '#ab5236',
    '#fff1e8',
    '#c2c3c7',
  ]
  const skyBands = [0, 1, 2, 3]
  const horizonRow = Math.round(rows * random.between(0.55, 0.65))
  const sun = {
    column: random.integer(4, columns - 5),
    row: horizonRow - random.integer(14, 18),
    radius: 3,
  }
  const mountainPhase = random.between(0, Math.PI * 2)
  const hillPhase = random.between(0, Math.PI * 2)
  const grid: number[][] = []
  for (let row = 0; row < rows; row++) {
    grid.push([])
    for (let column = 0; column < columns; column++) {
      const mountainTop =
        horizonRow -
        6 -
        Math.round(5 * Math.sin(column / 3 + mountainPhase) + 3 * Math.sin(column / 1.3))
      const hillTop = horizonRow + 2 - Math.round(2 * Math.sin(column / 4 + hillPhase))
      let color: number
      if (row >= rows - 3) color = 8
      else if (row > hillTop) color = 6
      else if (row === hillTop) color = 7
      else if (row >= mountainTop) color = 5
      else if ((column - sun.column) ** 2 + (row - sun.row) ** 2 <= sun.radius ** 2) color = 4
      else {
        // Bands of sky, checkerboard-dithered where they meet.
        const position = (row / horizonRow) * skyBands.length
        const band = Math.min(skyBands.length - 1, Math.floor(position))
        const dither = position - band > 0.75 && (row + column) % 2 === 0
        color = skyBands[Math.min(skyBands.length - 1, band + (dither ? 1 : 0))]
        if (band === 0 && random.next() < 0.04) color = 9
      }
      grid[row].push(color)
    }
  }
  const cloudRow = random.integer(2, Math.max(3, Math.round(horizonRow / 3)))
  const cloudColumn = random.integer(0, columns - 6)
  for (const [dx, dy] of [
    [1, 0],
    [2, 0],
    [0, 1],
    [1, 1],
    [2, 1],
    [3, 1],
    [4, 1],
    [3, 0],
  ]) {
    if (grid[cloudRow + dy]?.[cloudColumn + dx] !== undefined)
      grid[cloudRow + dy][cloudColumn + dx] = 10
  }
  return `<g shape-rendering="crispEdges">${blockRuns(grid, cell, palette)}</g>`
}

/** One rectangle per horizontal run of equal blocks. */
function blockRuns(grid: number[][], cell: number, palette: string[]) {
  const parts: string[] = []
  grid.forEach((cells, row) => {
    let start = 0
    for (let column = 1; column <= cells.length; column++) {
      if (column < cells.length && cells[column] === cells[start]) continue
      parts.push(
        rect(start * cell, row * cell, (column - start) * cell, cell, palette[cells[start]])
      )
      start = column
    }
  })
  return parts.join('')
}

/** A saturated sky, cel-shaded clouds and hill, speed lines from the edges. */
function paintAnime(canvas: Canvas) {
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

/** Thick warm strokes over an amber sky and umber ground, with canvas weave. */
function paintOilPainting(canvas: Canvas) {
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

/** Pastel sky, big soft clouds, rolling green hills with round trees and a cottage. */
function paintGhibli(canvas: Canvas) {
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

/** Glossy candy-coloured spheres and rounded blocks on a warm floor; one has eyes. */
function paintPixar(canvas: Canvas) {
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

/** A dusk horizon: graded sky, sun glow, fractal ridges fading with distance, a lake. */
function paintRealistic(canvas: Canvas) {
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

/** Teal and orange: a warm key light, bokeh, a rim-lit silhouette, letterbox bars. */
function paintCinematic(canvas: Canvas) {
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

/* Shapes shared by several styles. */

function skyline(canvas: Canvas, base: number, fill: string, windows: string) {
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
function figure(x: number, feet: number, tall: number, fill: string, rim?: string) {
  const s = tall / 100
  const outline = rim ? ` stroke="${rim}" stroke-opacity="0.7" stroke-width="${n(s * 1.2)}"` : ''
  return [
    `<path d="M${n(x - 14 * s)} ${n(feet)}L${n(x - 11 * s)} ${n(feet - 62 * s)}Q${n(x)} ${n(feet - 72 * s)} ${n(x + 11 * s)} ${n(feet - 62 * s)}L${n(x + 14 * s)} ${n(feet)}Z" fill="${fill}"${outline}/>`,
    `<circle cx="${n(x)}" cy="${n(feet - 79 * s)}" r="${n(9 * s)}" fill="${fill}"${outline}/>`,
    `<ellipse cx="${n(x)}" cy="${n(feet - 85 * s)}" rx="${n(15 * s)}" ry="${n(3 * s)}" fill="${fill}"/>`,
    rect(x - 8 * s, feet - 97 * s, 16 * s, 12 * s, fill),
  ].join('')
}

function cloud(canvas: Canvas, x: number, y: number, size: number, light: string, shade: string) {
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

function rain(canvas: Canvas, color: string, drops: number, opacity: number) {
  const { width: w, height: h, unit: u, random } = canvas
  const lines: string[] = []
  for (let index = 0; index < drops; index++) {
    const x = random.between(0, w)
    const y = random.between(0, h)
    const length = random.between(3, 7) * u
    lines.push(`M${n(x)} ${n(y)}l${n(-length * 0.25)} ${n(length)}`)
  }
  return `<path d="${lines.join('')}" stroke="${color}" stroke-opacity="${opacity}" stroke-width="${n(0.18 * u)}"/>`
}

/** A smooth rolling line across the width, as an open path start. */
function wave(canvas: Canvas, y: number, amplitude: number, humps: number) {
  const { width: w, random } = canvas
  const phase = random.between(0, Math.PI * 2)
  const points = Array.from({ length: 25 }, (_, index) => {
    const x = (index / 24) * w
    return `${n(x)} ${n(y + Math.sin((index / 24) * humps * Math.PI + phase) * amplitude)}`
  })
  return `M${points.join('L')}`
}

/** A jagged mountain ridge by midpoint displacement. */
function ridge(canvas: Canvas, base: number, roughness: number) {
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

/* SVG and colour helpers. */

type Stop = [offset: number, color: string, opacity?: number]

function stops(list: Stop[]) {
  return list
    .map(
      ([offset, color, opacity = 1]) =>
        `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`
    )
    .join('')
}

function linear(id: string, list: Stop[], direction = { x2: 0, y2: 1 }) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${direction.x2}" y2="${direction.y2}">${stops(list)}</linearGradient>`
}

function radial(id: string, list: Stop[], focus = { cx: 0.5, cy: 0.5, r: 0.5 }) {
  return `<radialGradient id="${id}" cx="${focus.cx}" cy="${focus.cy}" r="${focus.r}">${stops(list)}</radialGradient>`
}

function rect(x: number, y: number, width: number, height: number, fill: string, opacity = 1) {
  const alpha = opacity < 1 ? ` fill-opacity="${n(opacity)}"` : ''
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" fill="${fill}"${alpha}/>`
}

function circle(cx: number, cy: number, r: number, fill: string, opacity = 1) {
  const alpha = opacity < 1 ? ` fill-opacity="${n(opacity)}"` : ''
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${alpha}/>`
}

/** Coordinates to one decimal: smaller SVG, no visible difference. */
function n(value: number) {
  return Math.round(value * 10) / 10
}

function channels(hex: string) {
  const value = Number.parseInt(hex.slice(1), 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

function toHex(rgb: number[]) {
  return `#${rgb
    .map((value) =>
      Math.round(Math.min(255, Math.max(0, value)))
        .toString(16)
        .padStart(2, '0')
    )
    .join('')}`
}

function mix(from: string, to: string, amount: number) {
  const a = channels(from)
  const b = channels(to)
  return toHex(a.map((value, index) => value + (b[index] - value) * amount))
}

/** Rotates a colour's hue by `degrees` (about the grey axis), keeping its lightness. */
function shiftHue(hex: string, degrees: number) {
  const [r, g, b] = channels(hex)
  const angle = (degrees * Math.PI) / 180
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  const third = (1 - cos) / 3
  const root = Math.sqrt(1 / 3) * sin
  return toHex([
    r * (cos + third) + g * (third - root) + b * (third + root),
    r * (third + root) + g * (cos + third) + b * (third - root),
    r * (third - root) + g * (third + root) + b * (cos + third),
  ])
}
