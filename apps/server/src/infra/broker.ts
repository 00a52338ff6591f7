/**
 * Messages between server processes (decision 021): Redis pub/sub when REDIS_URL is set, else an
 * in-memory hub that reaches every app of this process (one process is then the whole
 * deployment). Used to drop per-process caches everywhere at once; chat will use it to tell each
 * process which conversations have news (the message itself is stored first, in the database).
 *
 * Delivery is at most once and only to processes subscribed at the time: fine for cache
 * invalidation (the caches also expire on their own) and for "fetch now" hints, never for facts.
 * Every subscriber, the publishing process included, receives each message. A channel can be
 * as narrow as one member (the live hub subscribes to a channel per profile with a socket in this
 * process, decision 073), so a process hears only what it has someone to tell.
 */
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export type BrokerHandler = (message: unknown) => void;

export interface Broker {
  /** Sends a JSON-serialisable message to every subscriber of the channel, in every process. */
  publish(channel: string, message: unknown): Promise<void>;
  /** Listens on a channel; resolves once the subscription is in place. */
  subscribe(channel: string, handler: BrokerHandler): Promise<void>;
  /**
   * Stops the handler hearing the channel; the channel's last handler going ends this process's
   * subscription, so that nothing published on it reaches this process any more.
   */
  unsubscribe(channel: string, handler: BrokerHandler): Promise<void>;
  close(): Promise<void>;
}

export interface BrokerOptions {
  redisUrl?: string;
  /** Put before every channel name, so deployments (and tests) sharing one Redis stay apart. */
  channelPrefix: string;
  log?: { warn(obj: object, msg: string): void };
}

export const DEFAULT_BROKER_CHANNEL_PREFIX = 'cupido:';

export function createBroker(options: BrokerOptions): Broker {
  return options.redisUrl ? redisBroker(options.redisUrl, options) : memoryBroker(options.channelPrefix);
}

/** One hub per process: two apps built in one process (tests) hear each other like two processes would. */
const processHub = new EventEmitter().setMaxListeners(0);

function memoryBroker(prefix: string): Broker {
  const listeners: Array<[string, (text: string) => void, BrokerHandler]> = [];
  return {
    async publish(channel, message) {
      const text = JSON.stringify(message);
      // Later, like a network hop: a publisher never runs subscribers inside its own call.
      setImmediate(() => processHub.emit(prefix + channel, text));
    },
    async subscribe(channel, handler) {
      const listener = (text: string) => handler(JSON.parse(text));
      listeners.push([prefix + channel, listener, handler]);
      processHub.on(prefix + channel, listener);
    },
    async unsubscribe(channel, handler) {
      const at = listeners.findIndex(([name, , own]) => name === prefix + channel && own === handler);
      if (at < 0) return;
      const [name, listener] = listeners.splice(at, 1)[0]!;
      processHub.off(name, listener);
    },
    async close() {
      for (const [name, listener] of listeners.splice(0)) processHub.off(name, listener);
    },
  };
}

function redisBroker(url: string, { channelPrefix, log }: BrokerOptions): Broker {
  const connect = (role: string) => {
    const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 5_000 });
    let reported = false;
    redis.on('error', (err: Error) => {
      if (!reported) log?.warn({ err }, `broker: Redis ${role} connection error`);
      reported = true;
    });
    redis.on('ready', () => {
      reported = false;
    });
    return redis;
  };
  // A connection that subscribes can do nothing else, so publishing has its own.
  const publisher = connect('publish');
  const subscriber = connect('subscribe');
  const handlers = new Map<string, BrokerHandler[]>();
  /** Each channel's SUBSCRIBE, answered once Redis confirmed it: a later handler of the channel waits for it too. */
  const subscribed = new Map<string, Promise<void>>();
  subscriber.on('message', (channel: string, text: string) => {
    const list = handlers.get(channel);
    if (!list) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch (err) {
      log?.warn({ err, channel }, 'broker: message is not JSON');
      return;
    }
    for (const handler of list) handler(message);
  });

  const quit = async (redis: Redis) => {
    if (redis.status === 'end') return;
    try {
      if (redis.status === 'ready') {
        await redis.quit();
        return;
      }
    } catch {
      // fall through to a hard disconnect
    }
    redis.disconnect();
  };

  return {
    async publish(channel, message) {
      await publisher.publish(channelPrefix + channel, JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      const name = channelPrefix + channel;
      const list = handlers.get(name);
      if (list) {
        list.push(handler);
        return subscribed.get(name);
      }
      handlers.set(name, [handler]);
      // ioredis subscribes again by itself after a reconnect. An UNSUBSCRIBE of the channel still
      // on its way runs first: commands on the one connection run in order, so the last one counts.
      const confirmed = subscriber.subscribe(name).then(() => undefined);
      subscribed.set(name, confirmed);
      try {
        await confirmed;
      } catch (err) {
        if (subscribed.get(name) === confirmed) {
          handlers.delete(name);
          subscribed.delete(name);
        }
        throw err;
      }
    },
    async unsubscribe(channel, handler) {
      const name = channelPrefix + channel;
      const list = handlers.get(name);
      const at = list?.indexOf(handler) ?? -1;
      if (!list || at < 0) return;
      list.splice(at, 1);
      if (list.length > 0) return;
      handlers.delete(name);
      subscribed.delete(name);
      // A channel left subscribed (Redis unreachable now) only brings messages nobody handles.
      await subscriber.unsubscribe(name).catch((err: unknown) => log?.warn({ err, channel: name }, 'broker: could not unsubscribe'));
    },
    async close() {
      handlers.clear();
      subscribed.clear();
      await Promise.all([quit(publisher), quit(subscriber)]);
    },
  };
}
