import sharp from 'sharp'
import type { RenderSize } from '#media/providers/contracts'

/**
 * A photograph-like picture made with sharp: a sky graded to a horizon, a
 * darker field, a sun, a house with a red roof and windows, and a row of
 * trees, each placed in fractions of the picture, so a crop or a shrink
 * moves things a comparison can see. `subject` moves the house (0 … 1 of the
 * width): the most detailed, most colourful thing in it.
 */
export function photoLike(width: number, height: number, subject = 0.5) {
  const x = (fraction: number) => Math.round(width * fraction)
  const y = (fraction: number) => Math.round(height * fraction)
  const unit = Math.min(width, height) / 100
  const trees = Array.from({ length: 7 }, (_, index) => {
    const cx = x(0.06 + index * 0.145)
    return `<polygon points="${cx - 5 * unit},${y(0.66)} ${cx},${y(0.66) - 16 * unit} ${cx + 5 * unit},${y(0.66)}" fill="#2d5a27"/>`
  }).join('')
  const house = x(subject)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#1d4f8c"/><stop offset="1" stop-color="#f2c38a"/>
      </linearGradient>
      <linearGradient id="field" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#5f7d3a"/><stop offset="1" stop-color="#3b4a22"/>
      </linearGradient>
    </defs>
    <rect width="${width}" height="${y(0.66)}" fill="url(#sky)"/>
    <rect y="${y(0.66)}" width="${width}" height="${height - y(0.66)}" fill="url(#field)"/>
    <circle cx="${x(0.2)}" cy="${y(0.18)}" r="${9 * unit}" fill="#fff3b0"/>
    ${trees}
    <rect x="${house - 14 * unit}" y="${y(0.5)}" width="${28 * unit}" height="${22 * unit}" fill="#e8e0d0"/>
    <polygon points="${house - 17 * unit},${y(0.5)} ${house},${y(0.5) - 13 * unit} ${house + 17 * unit},${y(0.5)}" fill="#c0262d"/>
    <rect x="${house - 10 * unit}" y="${y(0.5) + 5 * unit}" width="${6 * unit}" height="${6 * unit}" fill="#203a70"/>
    <rect x="${house + 4 * unit}" y="${y(0.5) + 5 * unit}" width="${6 * unit}" height="${6 * unit}" fill="#203a70"/>
    <rect x="${house - 3 * unit}" y="${y(0.5) + 12 * unit}" width="${6 * unit}" height="${10 * unit}" fill="#5a3218"/>
    <rect x="0" y="${y(0.82)}" width="${width}" height="${2 * unit}" fill="#d8c9a0"/>
  </svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer()
}

/**
 * How pictures were framed before (kept here to show the test tells it
 * apart): the enlargement was measured against the frame's own pixels, so a
 * picture that filled a 720p frame was shown whole, at most 2×, over a
 * blurred copy in a 2160p one.
 */
export async function framedByPixelCount(image: Buffer, size: RenderSize) {
  const { width = 0, height = 0 } = await sharp(image).metadata()
  const cover = Math.max(size.width / width, size.height / height)
  if (cover <= 1.5) {
    return sharp(image)
      .resize(size.width, size.height, { fit: 'cover', position: sharp.strategy.attention })
      .jpeg()
      .toBuffer()
  }
  const scale = Math.min(size.width / width, size.height / height, 2)
  const whole = await sharp(image)
    .resize(Math.round(width * scale), Math.round(height * scale))
    .toBuffer({ resolveWithObject: true })
  return sharp(image)
    .resize(size.width, size.height, { fit: 'cover' })
    .blur(size.width / 40)
    .composite([
      {
        input: whole.data,
        left: Math.floor((size.width - whole.info.width) / 2),
        top: Math.floor((size.height - whole.info.height) / 2),
      },
    ])
    .jpeg()
    .toBuffer()
}
