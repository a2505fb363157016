import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'

/** A coupon code, applied to whichever plan or pack is bought next. */
export function CouponField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <div className="flex max-w-sm flex-col gap-2">
      <Label htmlFor="coupon-code">Coupon code</Label>
      <Input
        id="coupon-code"
        value={value}
        maxLength={40}
        autoComplete="off"
        placeholder="Optional"
        onChange={(event) => onChange(event.target.value.trim().toUpperCase())}
      />
    </div>
  )
}
