/**
 * The live channel's server side (issue 12; decision 028), as the features that use it see it.
 * `features/live` holds the WebSocket route and the hub (built in hub.ts); chats and likes sit
 * above it: they send frames to members and handle the frames members' apps send.
 *
 * Frames are hints and small facts: whatever they tell is stored in the database first, so a
 * frame that never arrives (a socket that dropped, a process that restarted) loses nothing; the
 * app resyncs over HTTP when it reconnects.
 */
import type { TLiveClientFrame, TLiveServerFrame } from '@cupido/shared/contracts/live';

/** The hello frame's facts (chats fills them in: live-handlers.ts). */
export type LiveHello = Omit<Extract<TLiveServerFrame, { type: 'hello' }>, 'type'>;

/** The logged-in member a socket belongs to. */
export interface LiveMember {
  userId: number;
  profileId: number;
  siteId: number;
}

export type LiveClientFrameOf<T extends TLiveClientFrame['type']> = Extract<TLiveClientFrame, { type: T }>;
export type LiveClientFrameHandler<T extends TLiveClientFrame['type']> = (member: LiveMember, frame: LiveClientFrameOf<T>) => Promise<void>;

export interface LiveHub {
  /**
   * Sends the frame to every open socket of these profiles, in every server process (through the
   * broker: Redis pub/sub when REDIS_URL is set, else in-process). Resolves once published;
   * delivery is at most once.
   */
  sendTo(profileIds: readonly number[], frame: TLiveServerFrame): Promise<void>;
  /** Handles one type of frame from members' apps (one handler per type). */
  onClientFrame<T extends TLiveClientFrame['type']>(type: T, handler: LiveClientFrameHandler<T>): void;
  /** What the first frame of a connection says: the newest message id of the member's conversations and their new likes. */
  setHelloSource(source: (member: LiveMember) => Promise<LiveHello>): void;
  /** Open sockets in this process (metrics, tests). */
  socketCount(): number;
  close(): Promise<void>;
}
