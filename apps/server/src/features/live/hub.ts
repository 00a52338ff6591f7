/**
 * The live channel's hub (issue 12; decision 028): the sockets of this process, indexed by
 * profile, and the fan-out between processes.
 *
 * sendTo publishes the frame on each profile's channel (liveChannelOf: LIVE_CHANNEL and the profile
 * id); a process subscribes to a profile's channel while it holds a socket of that profile, and
 * delivers what comes there to those sockets (decision 073: before, every process heard every
 * frame of the site). Delivery is at most once: frames are hints, the facts are in the database,
 * and the app resyncs over HTTP after a reconnect.
 *
 * Per socket: the hello frame comes first, its snapshot taken once the profile's channel is
 * subscribed (frames published meanwhile wait behind it, so nothing falls between the hello's
 * snapshot and the socket hearing its channel); a ping every heartbeat,
 * and a socket that did not answer the previous one is terminated; a session that expires or is
 * ended (logout anywhere: the session plugin's member-changed message) closes its sockets with
 * policy violation; back-pressure drops typing frames above a soft limit of unsent bytes and
 * closes the socket above a hard one (try again later: the app reconnects and resyncs); client
 * frames are size-checked, rate-limited, parsed and handed to the registered handler, and too
 * many bad ones close the socket. A member past maxSocketsPerMember sockets here loses the oldest
 * (LIVE_CLOSE.tooManySockets).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Registry } from 'prom-client';
import { ZLiveClientFrame, ZLiveServerFrame, type TLiveClientFrame, type TLiveServerFrame } from '@cupido/shared/contracts/live';
import { LIVE_CLOSE } from '@cupido/shared/rules/live-frames';
import type { Broker } from '../../infra/broker';
import type { Clock } from '../../infra/clock';
import { MEMBER_CHANGED_CHANNEL } from '../../plugins/session';
import type { LiveClientFrameHandler, LiveHello, LiveHub, LiveMember } from './live-hub';
import { DEFAULT_LIVE_LIMITS, type LiveLimits } from './limits';
import { liveMetrics } from './live-metrics';
import type { PresenceRecorder } from './presence';

/** Broker channels of frames: LIVE_CHANNEL:<profile id>, each message { frame }. */
export const LIVE_CHANNEL = 'live';

/** The broker channel of one profile's frames. */
export const liveChannelOf = (profileId: number) => `${LIVE_CHANNEL}:${profileId}`;

export { DEFAULT_LIVE_LIMITS, type LiveLimits } from './limits';

/** A socket's login, as the route found it. */
export interface LiveSession {
  member: LiveMember;
  expiresAt: Date;
  /** Asked after the member's account or sessions changed: does the session still stand? */
  stillValid(): Promise<boolean>;
}

export interface LiveHubServer extends LiveHub {
  /** Takes an open socket of a logged-in member (the route checked cookie and origin). */
  accept(socket: WebSocket, session: LiveSession): void;
  readonly closed: boolean;
}

export interface LiveHubOptions {
  broker: Broker;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  limits?: Partial<LiveLimits>;
  /** The app's metrics registry: a gauge of open sockets and counters of drops and closes. */
  registry?: Registry;
  /** Check every frame against ZLiveServerFrame before publishing it (default: outside production). */
  validateFrames?: boolean;
  /**
   * The member_presence rows of this process (presence.ts, decision 036): told when a member's
   * first socket here opens and their last one closes, and closed with the hub.
   */
  presence?: PresenceRecorder;
}

type CloseReason = 'slow' | 'frame_too_large' | 'bad_frames' | 'no_pong' | 'session' | 'hello_failed' | 'shutdown' | 'too_many_sockets';

interface Connection {
  socket: WebSocket;
  session: LiveSession;
  alive: boolean;
  /** Which of the HEARTBEAT_SLICES turns of a heartbeat pings this socket. */
  beatSlice: number;
  /** The hello is sent; until then frames wait in `queue`. */
  ready: boolean;
  queue: Array<{ text: string; type: unknown }>;
  /** The profile's channel, subscribed: the hello's snapshot waits for it. */
  hearing: Promise<void>;
  closing: boolean;
  tokens: number;
  refilledAt: number;
  badFrames: number;
  badSince: number;
  closed: Promise<void>;
}

const MINUTE_MS = 60_000;
/** The heartbeat's sockets are pinged in this many turns spread over it. */
const HEARTBEAT_SLICES = 10;

export async function createLiveHub(options: LiveHubOptions): Promise<LiveHubServer> {
  const { broker, clock, log } = options;
  const limits: LiveLimits = { ...DEFAULT_LIVE_LIMITS, ...options.limits };
  const validate = options.validateFrames ?? process.env.NODE_ENV !== 'production';
  const connections = new Set<Connection>();
  const byProfile = new Map<number, Set<Connection>>();
  const byUser = new Map<number, Set<Connection>>();
  const handlers = new Map<string, LiveClientFrameHandler<TLiveClientFrame['type']>>();
  /** The broker subscription of each profile with a socket here. */
  const channels = new Map<number, { handler: (message: unknown) => void; subscribed: Promise<void> }>();
  let helloSource = async (_member: LiveMember): Promise<LiveHello> => ({ last_message_id: 0, new_likes: 0 });
  let closed = false;

  const metrics = options.registry ? liveMetrics(options.registry, () => connections.size) : null;

  const addTo = (index: Map<number, Set<Connection>>, key: number, conn: Connection) => {
    let set = index.get(key);
    if (!set) index.set(key, (set = new Set()));
    set.add(conn);
  };
  /** True when the key's last connection went. */
  const removeFrom = (index: Map<number, Set<Connection>>, key: number, conn: Connection) => {
    const set = index.get(key);
    if (!set?.delete(conn) || set.size > 0) return false;
    index.delete(key);
    return true;
  };
  const unindex = (conn: Connection) => {
    connections.delete(conn);
    // The profile's last socket here: its frames need not come to this process any more.
    if (removeFrom(byProfile, conn.session.member.profileId, conn)) stopHearing(conn.session.member.profileId);
    // The member's last socket here: they are no longer online through this process.
    if (removeFrom(byUser, conn.session.member.userId, conn)) options.presence?.left(conn.session.member);
  };

  /** Stops sending to the socket at once and closes it with the code the app acts on. */
  const shut = (conn: Connection, code: number, reason: CloseReason) => {
    if (conn.closing) return;
    conn.closing = true;
    conn.queue = [];
    unindex(conn);
    metrics?.closes.inc({ reason });
    conn.socket.close(code, reason);
  };

  const send = (conn: Connection, text: string, type: unknown) => {
    const buffered = conn.socket.bufferedAmount;
    if (buffered > limits.hardBufferBytes) {
      // The app has fallen too far behind: it reconnects and fetches what it missed over HTTP.
      shut(conn, LIVE_CLOSE.tryAgainLater, 'slow');
      return;
    }
    if (type === 'typing' && buffered > limits.softBufferBytes) {
      metrics?.dropped.inc();
      return;
    }
    conn.socket.send(text);
  };

  const deliver = (conn: Connection, text: string, type: unknown) => {
    if (conn.closing) return;
    if (conn.ready) return send(conn, text, type);
    if (conn.queue.length >= limits.maxQueuedBeforeHello) return shut(conn, LIVE_CLOSE.tryAgainLater, 'slow');
    conn.queue.push({ text, type });
  };

  /** Subscribes to the profile's channel, once for all its sockets here. */
  const hear = (profileId: number): Promise<void> => {
    const known = channels.get(profileId);
    if (known) return known.subscribed;
    const handler = (message: unknown) => {
      if (closed) return;
      const { frame } = (message ?? {}) as { frame?: unknown };
      const sockets = byProfile.get(profileId);
      if (!sockets || typeof frame !== 'object' || frame === null) return;
      const text = JSON.stringify(frame);
      const type = (frame as { type?: unknown }).type;
      for (const conn of [...sockets]) deliver(conn, text, type);
    };
    const subscribed = broker.subscribe(liveChannelOf(profileId), handler);
    channels.set(profileId, { handler, subscribed });
    return subscribed;
  };
  const stopHearing = (profileId: number) => {
    const channel = channels.get(profileId);
    // A closing hub leaves its subscriptions to the broker, which closes with the app.
    if (!channel || closed) return;
    channels.delete(profileId);
    // A socket of the profile that opens meanwhile subscribes again, after this on the broker's one connection.
    broker.unsubscribe(liveChannelOf(profileId), channel.handler).catch((err: unknown) => log.warn({ err }, 'live: could not unsubscribe'));
  };

  // A logout, a password change or an erasure anywhere: the member's sockets here ask their session
  // again. A new balance (a paid send: { userId, credits }) ends no session, so it asks nothing.
  await broker.subscribe(MEMBER_CHANGED_CHANNEL, (message) => {
    const { userId, credits } = (message ?? {}) as { userId?: unknown; credits?: unknown };
    if (closed || typeof userId !== 'number' || typeof credits === 'number') return;
    for (const conn of [...(byUser.get(userId) ?? [])]) {
      conn.session.stillValid().then(
        (valid) => {
          if (!valid) shut(conn, LIVE_CLOSE.policyViolation, 'session');
        },
        (err: unknown) => log.warn({ err }, 'live: could not check a session again'),
      );
    }
  });

  // Each socket is pinged once a heartbeat, a tenth of them at a time: pinging thousands in one
  // turn of the event loop held every send behind it (issue 32's chat bench: 2,000 pings, 2,000
  // socket writes, then 2,000 pongs at once, every 25 s).
  let beatTurn = 0;
  let nextSlice = 0;
  const heartbeat = setInterval(() => {
    const now = clock();
    const slice = beatTurn++ % HEARTBEAT_SLICES;
    for (const conn of [...connections]) {
      if (conn.beatSlice !== slice) continue;
      if (conn.session.expiresAt <= now) {
        shut(conn, LIVE_CLOSE.policyViolation, 'session');
      } else if (!conn.alive) {
        // No pong since the previous ping: a dead connection (sleeping phone, lost network).
        metrics?.closes.inc({ reason: 'no_pong' });
        conn.closing = true;
        unindex(conn);
        conn.socket.terminate();
      } else {
        conn.alive = false;
        conn.socket.ping();
      }
    }
  }, limits.heartbeatMs / HEARTBEAT_SLICES);
  // Never what keeps the process alive.
  heartbeat.unref();

  /** Over the frame rate, or not a frame: counted; too many in a minute closes the socket. */
  const badFrame = (conn: Connection) => {
    const now = Date.now();
    if (now - conn.badSince > MINUTE_MS) {
      conn.badSince = now;
      conn.badFrames = 0;
    }
    conn.badFrames += 1;
    metrics?.badFrames.inc();
    if (conn.badFrames > limits.maxBadFramesPerMinute) shut(conn, LIVE_CLOSE.policyViolation, 'bad_frames');
  };

  const takeToken = (conn: Connection) => {
    const now = Date.now();
    const burst = limits.framesPerSecond * 2;
    conn.tokens = Math.min(burst, conn.tokens + ((now - conn.refilledAt) / 1000) * limits.framesPerSecond);
    conn.refilledAt = now;
    if (conn.tokens < 1) return false;
    conn.tokens -= 1;
    return true;
  };

  const onClientFrame = (conn: Connection, data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
    if (conn.closing) return;
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    if (bytes.length > limits.maxFrameBytes) return shut(conn, LIVE_CLOSE.policyViolation, 'frame_too_large');
    if (!takeToken(conn) || isBinary) return badFrame(conn);
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch {
      return badFrame(conn);
    }
    const frame = ZLiveClientFrame.safeParse(parsed);
    if (!frame.success) return badFrame(conn);
    const handler = handlers.get(frame.data.type);
    if (!handler) return;
    // Logged by type and error only (the logger's error serializer leaves values out): never the frame.
    Promise.resolve()
      .then(() => handler(conn.session.member, frame.data))
      .catch((err: unknown) => log.warn({ err, frame: frame.data.type }, 'live: a client frame handler failed'));
  };

  const sayHello = async (conn: Connection) => {
    try {
      // Whatever is sent from now on reaches the socket (queued until the hello is out).
      await conn.hearing;
      const hello: TLiveServerFrame = { type: 'hello', ...(await helloSource(conn.session.member)) };
      if (validate) ZLiveServerFrame.parse(hello);
      if (conn.closing) return;
      conn.socket.send(JSON.stringify(hello));
      conn.ready = true;
      for (const { text, type } of conn.queue.splice(0)) send(conn, text, type);
    } catch (err) {
      log.warn({ err }, 'live: the hello could not be made');
      shut(conn, LIVE_CLOSE.tryAgainLater, 'hello_failed');
    }
  };

  return {
    get closed() {
      return closed;
    },

    accept(socket, session) {
      if (closed) {
        socket.close(LIVE_CLOSE.goingAway, 'shutdown');
        return;
      }
      const conn: Connection = {
        socket,
        session,
        alive: true,
        beatSlice: nextSlice++ % HEARTBEAT_SLICES,
        ready: false,
        queue: [],
        hearing: Promise.resolve(),
        closing: false,
        tokens: limits.framesPerSecond * 2,
        refilledAt: Date.now(),
        badFrames: 0,
        badSince: Date.now(),
        closed: new Promise((resolve) => socket.once('close', () => resolve())),
      };
      connections.add(conn);
      // The member's first socket here: online through this process (written after this turn, never awaited).
      if (!byUser.has(session.member.userId)) options.presence?.joined(session.member);
      addTo(byProfile, session.member.profileId, conn);
      conn.hearing = hear(session.member.profileId);
      addTo(byUser, session.member.userId, conn);
      // One member's sockets in this process are capped; the oldest (first in the set) gives way,
      // as the newest is the tab or device the member is using now.
      const own = byUser.get(session.member.userId)!;
      while (own.size > limits.maxSocketsPerMember) shut(own.values().next().value!, LIVE_CLOSE.tooManySockets, 'too_many_sockets');
      socket.on('pong', () => (conn.alive = true));
      socket.on('message', (data, isBinary) => onClientFrame(conn, data, isBinary));
      socket.once('close', () => {
        conn.closing = true;
        unindex(conn);
      });
      void sayHello(conn);
    },

    async sendTo(profileIds, frame) {
      if (validate) ZLiveServerFrame.parse(frame);
      await Promise.all([...new Set(profileIds)].map((profileId) => broker.publish(liveChannelOf(profileId), { frame })));
    },

    onClientFrame(type, handler) {
      // One handler per type: a second registration replaces the first (tests put their own in place).
      if (handlers.has(type)) log.warn({ frame: type }, 'live: a client frame handler was replaced');
      handlers.set(type, handler as unknown as LiveClientFrameHandler<TLiveClientFrame['type']>);
    },

    setHelloSource(source) {
      helloSource = source;
    },

    socketCount() {
      return connections.size;
    },

    async close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      // Deletes this process's presence rows once the writes under way are done (sockets closing now change nothing).
      const presenceClosed = options.presence?.close();
      const open = [...connections];
      for (const conn of open) shut(conn, LIVE_CLOSE.goingAway, 'shutdown');
      // Sockets answer the close within the grace; a stuck one (its close frame waits behind unsent data) is cut.
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, limits.closeGraceMs).unref()));
      await Promise.race([Promise.all(open.map((conn) => conn.closed)), grace]);
      clearTimeout(timer);
      for (const conn of open) conn.socket.terminate();
      await presenceClosed;
    },
  };
}
