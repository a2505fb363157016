/*
|--------------------------------------------------------------------------
| Ace entry point
|--------------------------------------------------------------------------
|
| Registers the TypeScript loader, then hands over to the console
| entrypoint. Run it with Node 24: `npm run ace -- <command>`.
|
*/
import '@poppinss/ts-exec'

await import('./bin/console.js')
