/**
 * A reading of the machine a bench ran on, printed beside its figures. Lighthouse's benchmarkIndex
 * does not tell apart the machines where every member page scores in the 60s from those where the
 * same build scores 93-99 (docs/benchmarks.md). On a slow one (2026-12-02) arithmetic ran at the
 * clock's speed and system calls added up to too little to matter, but a random read over 32 MB
 * took about 215 ns. On a fast one (2026-12-02 evening, every member page 93-99) the same walk took
 * 57 ns: its last-level cache holds 32 MB. Style recalculation, layout, V8's heap and PostgreSQL's
 * buffer lookups all chase pointers, so the figure is printed beside the benches' results.
 */

/**
 * Nanoseconds per dependent read over `bytes` of memory, each read's address taken from the one
 * before (a random single cycle), so neither the prefetcher nor out-of-order execution hides the
 * latency. The median of three walks; about a second for the default 32 MB.
 */
export function memoryReadLatencyNs(bytes = 32 * 2 ** 20, steps = 2_000_000): number {
  const slots = bytes >> 2;
  const next = new Int32Array(slots);
  for (let i = 0; i < slots; i++) next[i] = i;
  // Sattolo's shuffle: one cycle through every slot, so the walk never settles in a short loop
  // that the cache would hold. A fixed seed: the same walk on every machine.
  let seed = 12_345;
  const random = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
  for (let i = slots - 1; i > 0; i--) {
    const j = Math.floor(random() * i);
    const held = next[i]!;
    next[i] = next[j]!;
    next[j] = held;
  }
  const walks: number[] = [];
  let at = 0;
  for (let walk = 0; walk < 3; walk++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < steps; i++) at = next[at]!;
    walks.push(Number(process.hrtime.bigint() - started) / steps);
  }
  // `at` is used, so the walk cannot be optimised away.
  if (at < 0) throw new Error('unreachable');
  return walks.sort((a, b) => a - b)[1]!;
}

/** One line for a bench's output: the machine's memory latency, to compare runs across machines. */
export function machineLine(): string {
  return `memory latency of this machine: ${memoryReadLatencyNs().toFixed(0)} ns a random read over 32 MB (docs/benchmarks.md: about 215 ns where the member pages scored in the 60s, 57 ns where they scored 93-99)`;
}
