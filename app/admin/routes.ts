/*
|--------------------------------------------------------------------------
| admin routes
|--------------------------------------------------------------------------
|
| Owns the operator's /admin pages and /api/admin/*. Each route is named admin.<resource>.<action>;
| start/routes.ts imports this file. No routes are registered yet.
|
*/
export {}
