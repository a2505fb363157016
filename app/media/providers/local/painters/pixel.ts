import { rect, type Canvas } from '#media/providers/local/painters/toolkit'

/** Retro blocks: a dithered sunset sky, a pixel sun, mountains and grassy hills. */
export function paintPixel(canvas: Canvas) {
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
