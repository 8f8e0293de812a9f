export { buildApp } from "./build-app.ts";
export { type StartedServer, startServer } from "./start-server.ts";
