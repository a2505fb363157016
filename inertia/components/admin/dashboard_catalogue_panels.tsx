import { Suspense, useEffect } from 'react'
import type { Data } from '@generated/data'
import { Skeleton } from '~/components/ui/skeleton'
import { lazyNamed } from '~/lib/lazy'

/*
 * The catalogue editors load with their tab, not with the page: the page
 * paints its statistics without them, and they are fetched once the browser
 * is idle, so opening a tab does not wait.
 */
const loadPlans = () => import('~/components/admin/plans_panel')
const loadCoupons = () => import('~/components/admin/coupons_panel')
const loadPacks = () => import('~/components/admin/credit_packs_panel')
const PlansPanel = lazyNamed(loadPlans, 'PlansPanel')
const CouponsPanel = lazyNamed(loadCoupons, 'CouponsPanel')
const CreditPacksPanel = lazyNamed(loadPacks, 'CreditPacksPanel')

export function usePrefetchCataloguePanels() {
  useEffect(() => {
    const prefetch = () => void Promise.all([loadPlans(), loadCoupons(), loadPacks()])
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(prefetch, { timeout: 2000 })
      return () => window.cancelIdleCallback(id)
    }
    const timer = setTimeout(prefetch, 200)
    return () => clearTimeout(timer)
  }, [])
}

function PanelFallback() {
  return <Skeleton className="h-64 w-full" />
}

export function LazyPlansPanel({ plans }: { plans: Data.Billing.Plan.Variants['forAdmin'][] }) {
  return (
    <Suspense fallback={<PanelFallback />}>
      <PlansPanel plans={plans} />
    </Suspense>
  )
}

export function LazyCouponsPanel({ coupons }: { coupons: Data.Billing.Coupon[] }) {
  return (
    <Suspense fallback={<PanelFallback />}>
      <CouponsPanel coupons={coupons} />
    </Suspense>
  )
}

export function LazyCreditPacksPanel({ packs }: { packs: Data.Billing.CreditPack[] }) {
  return (
    <Suspense fallback={<PanelFallback />}>
      <CreditPacksPanel packs={packs} />
    </Suspense>
  )
}
