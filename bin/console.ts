import { prettyPrintError } from '@adonisjs/core'
import { createIgnitor } from './ignitor.js'

createIgnitor()
  .ace()
  .configure(async (app) => {
    const kernel = await app.container.make('ace')
    const { assertDatabaseReachable } = await import('#core/database_probe')

    /**
     * Every command that boots the app (auth:link, migrations, seeders,
     * workers…) first checks that the database answers.
     */
    kernel.executing(async (_command, isMain) => {
      if (!isMain || !app.isReady) return
      const { postgresConnection } = await import('#config/database')
      await assertDatabaseReachable(postgresConnection)
    })
  })
  .handle(process.argv.splice(2))
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
