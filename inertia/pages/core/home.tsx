import { Head } from '@inertiajs/react'
import { Clapperboard } from 'lucide-react'

export default function Home() {
  return (
    <>
      <Head title="Generate AI videos from text and images" />
      <section className="mx-auto flex max-w-2xl flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
        <Clapperboard className="size-12 text-primary" aria-hidden />
        <h1 className="text-4xl font-bold tracking-tight">Reelforge</h1>
        <p className="text-lg text-muted-foreground">Generate AI videos from text and images</p>
      </section>
    </>
  )
}
