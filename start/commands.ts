/*
|--------------------------------------------------------------------------
| Ace commands
|--------------------------------------------------------------------------
|
| Commands live in their modules; this loader registers them with Ace.
|
*/
import { ListLoader } from '@adonisjs/core/ace'
import QueueWork from '#core/commands/queue_work'
import QueuePing from '#core/commands/queue_ping'
import AuthLink from '#auth/commands/auth_link'
import MusicSeed from '#media/commands/music_seed'
import PicturesSweep from '#media/commands/pictures_sweep'
import RendersSweep from '#studio/commands/renders_sweep'
import PlansSeed from '#billing/commands/plans_seed'
import CreditsGrant from '#billing/commands/credits_grant'
import BillingRenew from '#billing/commands/billing_renew'
import BillingRefund from '#billing/commands/billing_refund'

const loader = new ListLoader([
  QueueWork,
  QueuePing,
  AuthLink,
  MusicSeed,
  PicturesSweep,
  RendersSweep,
  PlansSeed,
  CreditsGrant,
  BillingRenew,
  BillingRefund,
])

export const getMetaData = () => loader.getMetaData()
export const getCommand = loader.getCommand.bind(loader)
