/** What the web app may import: the router and its type (server-only helpers are in ./server.ts). */
export { appRouter, type AppRouter } from './root.ts';
