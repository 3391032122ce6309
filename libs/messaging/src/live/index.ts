export { AedesSink } from './aedes-sink.js';
export { startClockTicks, type ClockTicks, type ClockTicksOptions } from './clock-ticks.js';
export {
  startEmbeddedBroker, type EmbeddedBroker, type EmbeddedBrokerOptions, type LiveAuthenticate, type LiveIdentity,
} from './embedded-broker.js';
export {
  LiveConnections, type LiveCloseReason, type LiveConnection, type LiveConnectionsOptions,
} from './live-connections.js';
export { consoleLiveLogger, describeError, silentLiveLogger, type LiveLogger } from './live-logger.js';
export { listenOn, logServerErrors, SERVER_ERROR_LOG_EVERY_MS } from './server-errors.js';
export {
  auctionPayload, lotPayload,
  type AuctionPayload, type AuctionSnapshot, type LiveStamp, type LotPayload, type OutbidPayload, type OwnOfferPayload, type WithdrawnLotPayload,
} from './live-payloads.js';
export { LivePublisher, type LivePublisherOptions, type LivePublisherStats } from './live-publisher.js';
export type { LivePublishOptions, LiveSink } from './live-sink.js';
export { LiveState, type FoldedStream, type LiveChange, type LiveUpcast } from './live-state.js';
export {
  concreteAuctionOf, decideLiveSubscription, liveTopics, maySubscribe, parseLiveTopic, type AuctionAccess, type LiveTopic,
} from './live-topics.js';
export { startMosquittoBridge, type MosquittoBridge, type MosquittoBridgeOptions } from './mosquitto-bridge.js';
export { MqttClientSink, redact, type MqttClientSinkOptions } from './mqtt-client-sink.js';
