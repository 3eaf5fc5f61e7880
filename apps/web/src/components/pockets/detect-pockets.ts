import type { PredictedPocket } from './pocket-prediction.ts';

/** Browser pocket detection: the same TypeScript detector as the server's, in a Web Worker so the page stays responsive. */
export function detectInWorker(pdb: string): Promise<PredictedPocket[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./pocket.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<{ pockets?: PredictedPocket[]; error?: string }>) => {
      worker.terminate();
      if (e.data.pockets) resolve(e.data.pockets);
      else reject(new Error(e.data.error ?? 'unknown'));
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message));
    };
    worker.postMessage(pdb);
  });
}
