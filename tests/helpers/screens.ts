import type { Page } from 'playwright'

/**
 * Saves the screens a person would look at, numbered in the order they were
 * met, under tmp/journeys/<journey>/ (kept out of git) for humans to review.
 */
export function screens(page: Page, journey: string) {
  let count = 0
  return (name: string) => {
    count++
    return page.screenshot({
      path: `tmp/journeys/${journey}/${String(count).padStart(2, '0')}-${name}.png`,
      fullPage: true,
    })
  }
}
