import { Badge } from '~/components/ui/badge'

const variantByPlan: Record<string, 'blue' | 'purple'> = { pro: 'blue', agency: 'purple' }

export function PlanBadge({ plan, className }: { plan: string; className?: string }) {
  return (
    <Badge variant={variantByPlan[plan] ?? 'gray'} className={className}>
      {plan.charAt(0).toUpperCase() + plan.slice(1)}
    </Badge>
  )
}
