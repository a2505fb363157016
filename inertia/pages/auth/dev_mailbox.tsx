import { Head, router } from '@inertiajs/react'
import { Inbox, RefreshCw } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'

type DevMailboxProps = {
  messages: {
    id: number
    to: string
    subject: string
    link: string | null
    code: string | null
    createdAt: string
  }[]
}

export default function DevMailbox({ messages }: DevMailboxProps) {
  return (
    <>
      <Head title="Dev mailbox" />
      <div className="space-y-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="space-y-1">
            <h1 className="text-3xl font-bold tracking-tight">Dev mailbox</h1>
            <p className="text-muted-foreground">
              Emails sent while no mail server is configured. Development only.
            </p>
          </div>
          <Button variant="outline" onClick={() => router.reload({ only: ['messages'] })}>
            <RefreshCw aria-hidden />
            Refresh
          </Button>
        </div>

        {messages.length === 0 ? (
          <Card>
            <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
              <Inbox className="size-10 text-muted-foreground" aria-hidden />
              <p className="font-medium">No messages yet</p>
            </CardContent>
          </Card>
        ) : (
          <ul className="space-y-4">
            {messages.map((message) => (
              <li key={message.id}>
                <Card>
                  <CardHeader>
                    <CardTitle>
                      <h2>{message.subject}</h2>
                    </CardTitle>
                    <CardDescription>
                      To <span className="font-medium text-foreground">{message.to}</span> ·{' '}
                      <time dateTime={message.createdAt}>
                        {new Date(message.createdAt).toLocaleString()}
                      </time>
                    </CardDescription>
                  </CardHeader>
                  {(message.link || message.code) && (
                    <CardContent className="flex flex-wrap items-center justify-between gap-4">
                      {message.code && (
                        <p className="font-mono text-3xl font-semibold tracking-[0.3em]">
                          {message.code}
                        </p>
                      )}
                      {message.link && (
                        <Button asChild>
                          <a href={message.link}>Open sign-in link</a>
                        </Button>
                      )}
                    </CardContent>
                  )}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}
