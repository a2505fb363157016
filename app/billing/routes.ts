/*
|--------------------------------------------------------------------------
| billing routes
|--------------------------------------------------------------------------
|
| Owns plans, credit packs, checkout and Stripe webhooks. Each route is named billing.<resource>.<action>;
| start/routes.ts imports this file. No routes are registered yet.
|
*/
export {}
