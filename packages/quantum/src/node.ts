// Node-only parts (running engines) are exported from here, so the browser bundle never sees child_process.
export { runMolecule, type RunOptions } from './runner.ts';
