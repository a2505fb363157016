import type { Canvas } from '#media/providers/local/painters/toolkit'
import type { MotifPalette } from '#media/providers/local/motifs/palettes'
import type { Light } from '#media/providers/local/motifs/weather'

/** What a motif is drawn with: the canvas, the style's colours, and the scene's layout. */
export type MotifContext = {
  canvas: Canvas
  palette: MotifPalette
  /** Where land meets sky (or the table's edge indoors). */
  horizon: number
  /** The line things stand on. */
  ground: number
  /** Water's surface when the setting has water, else undefined. */
  waterline?: number
  /** The time of day the words name. */
  light: Light
}

/** A thing drawn standing on (x, y) — its bottom centre — about `size` pixels tall. */
export type ThingDrawing = (context: MotifContext, x: number, y: number, size: number) => string
