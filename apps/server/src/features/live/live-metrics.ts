/** The live channel's metrics (decision 028), in the app's registry (plugins/metrics.ts serves it at /metrics). */
import { Counter, Gauge, type Registry } from 'prom-client';

export function liveMetrics(registry: Registry, openSockets: () => number) {
  new Gauge({
    name: 'cupido_live_sockets',
    help: 'Open live-channel sockets in this process',
    registers: [registry],
    collect() {
      this.set(openSockets());
    },
  });
  return {
    closes: new Counter({
      name: 'cupido_live_closes_total',
      help: 'Live sockets the server closed, by reason (slow, frame_too_large, bad_frames, no_pong, session, hello_failed, shutdown, too_many_sockets)',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    dropped: new Counter({
      name: 'cupido_live_typing_dropped_total',
      help: 'Typing frames dropped for sockets behind on sending',
      registers: [registry],
    }),
    badFrames: new Counter({
      name: 'cupido_live_bad_client_frames_total',
      help: 'Client frames refused: not JSON, unknown, or over the rate',
      registers: [registry],
    }),
  };
}
