export { startWorker } from "./start-worker.ts";
