import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { endTestApi, stubbedFetch } from './api-stub';

// No test reaches the network: a call the test did not stub fails it with its method and path
// (instead of a generic, retried network error or a hang). stubApi(...) spies on this fetch, so
// vi.restoreAllMocks() and vi.unstubAllGlobals() come back to it, never to the real one.
globalThis.fetch = stubbedFetch;

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  const problems = endTestApi();
  if (problems.length > 0) throw new Error(`The API stubs of this test:\n  ${problems.join('\n  ')}`);
});
