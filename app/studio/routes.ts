/*
|--------------------------------------------------------------------------
| studio routes
|--------------------------------------------------------------------------
|
| Owns setup, storyboard, projects, scenes, videos and status. Each route is named studio.<resource>.<action>;
| start/routes.ts imports this file. No routes are registered yet.
|
*/
export {}
