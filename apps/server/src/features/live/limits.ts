/** The live channel's heartbeat and limits (decision 028); tests shorten them through the app's config. */
import { LIVE_HEARTBEAT_MS } from '@cupido/shared/rules/chats';
import { PRESENCE_BEAT_CHUNK, PRESENCE_HEARTBEAT_MS } from './presence';

export interface LiveLimits {
  /** Ping interval; a socket that did not answer the previous ping is terminated. */
  heartbeatMs: number;
  /** Unsent bytes above which typing frames are dropped for the socket. */
  softBufferBytes: number;
  /** Unsent bytes above which the socket is closed with try-again-later. */
  hardBufferBytes: number;
  /** Largest client frame; a bigger one closes the socket (policy violation). */
  maxFrameBytes: number;
  /** Client frames a second, with a burst of twice as many. */
  framesPerSecond: number;
  /** Bad client frames (not JSON, unknown, over the rate) a minute before the socket is closed. */
  maxBadFramesPerMinute: number;
  /** Frames that may wait for the hello; more closes the socket (try again later). */
  maxQueuedBeforeHello: number;
  /** How long close() lets sockets finish the closing handshake before terminating them. */
  closeGraceMs: number;
  /** Open sockets one member may hold in this process; one more closes their oldest (too_many_sockets). */
  maxSocketsPerMember: number;
  /** How often this process refreshes its member_presence rows (presence.ts). */
  presenceHeartbeatMs: number;
  /** Members whose presence rows one statement of that refresh writes (presence.ts). */
  presenceBeatChunk: number;
}

/**
 * A phone, a tablet and several tabs of one member, each a socket (issue 27): ten is more than a
 * person uses, and bounds what one account's script can hold in a process (memory, fan-out).
 */
export const MAX_LIVE_SOCKETS_PER_MEMBER = 10;

export const DEFAULT_LIVE_LIMITS: LiveLimits = {
  heartbeatMs: LIVE_HEARTBEAT_MS,
  softBufferBytes: 64 * 1024,
  hardBufferBytes: 1024 * 1024,
  maxFrameBytes: 4 * 1024,
  framesPerSecond: 20,
  maxBadFramesPerMinute: 10,
  maxQueuedBeforeHello: 256,
  closeGraceMs: 1_000,
  maxSocketsPerMember: MAX_LIVE_SOCKETS_PER_MEMBER,
  presenceHeartbeatMs: PRESENCE_HEARTBEAT_MS,
  presenceBeatChunk: PRESENCE_BEAT_CHUNK,
};
