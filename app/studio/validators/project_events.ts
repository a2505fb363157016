import vine from '@vinejs/vine'

/** The live-progress client's subscribe and unsubscribe body: its stream and a channel name. */
export const channelSubscriptionValidator = vine.create({
  uid: vine.string().maxLength(100),
  channel: vine.string().maxLength(200),
})
