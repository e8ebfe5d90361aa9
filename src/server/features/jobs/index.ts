/** The jobs feature's public face: other features import only from here. */
export { startJobs, type Jobs } from './jobs.runtime.ts';
export { jobRoutes } from './jobs.routes.ts';
