import PublicLayout from '~/layouts/public_layout'

/**
 * Pages pick their layout by name prefix (`auth/…`, `admin/…`); a page may
 * still set its own `layout` to override this.
 */
const layoutsByPrefix: [prefix: string, layout: typeof PublicLayout][] = [['core/', PublicLayout]]

export function layoutFor(pageName: string) {
  const match = layoutsByPrefix.find(([prefix]) => pageName.startsWith(prefix))
  return match ? match[1] : PublicLayout
}
