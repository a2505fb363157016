import vine from '@vinejs/vine'

/** A live-progress client's stream id: one per browser tab, made by the Transmit client. */
const streamUid = () => vine.string().minLength(1).maxLength(100)

/** The live-progress client's event stream: `GET /__transmit/events?uid=…`. */
export const eventStreamValidator = vine.create({
  uid: streamUid(),
})

/** The live-progress client's subscribe and unsubscribe body: its stream and a channel name. */
export const channelSubscriptionValidator = vine.create({
  uid: streamUid(),
  channel: vine.string().maxLength(200),
})
