import { defineConfig } from '@adonisjs/transmit'

/**
 * Server-sent events for live render progress. No transport: each web
 * process relays BullMQ's queue events to its own clients (see
 * app/studio/render/progress_relay.ts), which works on both queue backends.
 */
export default defineConfig({
  pingInterval: '25s',
  transport: null,
})
