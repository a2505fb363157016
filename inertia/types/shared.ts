import type { SharedProps } from '@adonisjs/inertia/types'

export type CurrentUser = NonNullable<SharedProps['user']>

export type Plan = CurrentUser['plan']
