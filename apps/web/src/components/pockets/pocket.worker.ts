/// <reference lib="webworker" />
import { detectPockets } from '@yunyao/pockets';

/** Pocket detection off the page's thread: the same detector the server runs, on the PDB text posted in. */
self.onmessage = (event: MessageEvent<string>) => {
  try {
    const pockets = detectPockets(event.data).map(({ spheres: _spheres, ...pocket }) => pocket);
    self.postMessage({ pockets });
  } catch (err) {
    self.postMessage({ error: (err as Error).message });
  }
};
