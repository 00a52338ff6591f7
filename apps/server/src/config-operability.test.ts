/** WORKER and METRICS_TOKEN as docs/configuration.md documents them. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('WORKER and METRICS_TOKEN', () => {
  it('runs jobs by default, not with WORKER=0, and serves metrics only with a long enough token', () => {
    expect(loadConfig({}).worker).toBe(true);
    expect(loadConfig({ WORKER: '1' }).worker).toBe(true);
    expect(loadConfig({ WORKER: '0' }).worker).toBe(false);
    expect(() => loadConfig({ WORKER: 'no' })).toThrow(/WORKER/);

    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-metrics-token' }).metricsToken).toBe('a-long-enough-metrics-token');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('gives each deployment its own Redis channel prefix when told (two deployments on one Redis must not hear each other)', () => {
    expect(loadConfig({}).brokerChannelPrefix).toBe('cupido:');
    expect(loadConfig({ REDIS_CHANNEL_PREFIX: 'site-b:' }).brokerChannelPrefix).toBe('site-b:');
    expect(loadConfig({ REDIS_CHANNEL_PREFIX: '' }).brokerChannelPrefix).toBe('cupido:');
  });
});
