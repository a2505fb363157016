/*
|--------------------------------------------------------------------------
| auth routes
|--------------------------------------------------------------------------
|
| Owns sign-in, sessions, profile and /api/me. Each route is named auth.<resource>.<action>;
| start/routes.ts imports this file. No routes are registered yet.
|
*/
export {}
