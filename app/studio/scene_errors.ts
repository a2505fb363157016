/**
 * The storyboard's categories for a failed scene (docs/product.md, Storyboard).
 */
export function sceneErrorTitle(message: string | null) {
  if (!message) return null
  const text = message.toLowerCase()
  if (text.includes('balance') || text.includes('exhausted')) return 'Fal AI Balance Exhausted'
  if (text.includes('api key') || text.includes('configuration')) return 'API Configuration Error'
  if (text.includes('picture is missing')) return 'Picture Missing'
  return 'Image Generation Failed'
}
