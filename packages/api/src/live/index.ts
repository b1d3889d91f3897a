export { createLiveBus, type LiveBus, type LiveBusOptions, type LiveEvent } from './bus.ts';
export { LIVE_CHANNEL, publish, topics } from './publish.ts';
