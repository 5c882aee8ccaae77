// The jobs module's public surface: the queue other modules enqueue on and register handlers with.
export { createJobQueue, type JobQueue } from './job-queue';
