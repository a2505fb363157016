/**
 * Script lengths offered in seconds, and the defaults of setup (docs/product.md, Setup).
 */
export const SCRIPT_LENGTHS = [5, 10, 15, 30, 60, 120, 180, 360, 600, 720, 900, 1200] as const
export const DEFAULT_AI_SCRIPT_SECONDS = 30
export const DEFAULT_TARGET_SECONDS = 60

export { MAX_PICTURES } from '#shared/script_plan'
