import sharp from 'sharp'

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
