import type { ReactNode } from 'react'
import { Clapperboard } from 'lucide-react'
import { Toasts } from '~/components/toasts'

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-muted/40 px-4 py-10 sm:justify-center">
      <header className="mb-8 flex flex-col items-center gap-2 text-center">
        <div className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          <Clapperboard className="size-7 text-primary" aria-hidden />
          Reelforge
        </div>
        <p className="text-sm text-muted-foreground">Generate AI videos from text and images</p>
      </header>
      <main className="flex w-full flex-col items-center">{children}</main>
      <Toasts />
    </div>
  )
}
