/** The oldest Node.js major the platform runs on (Node 20 reached end of life in April 2026). */
export const MIN_NODE_MAJOR = 22;

/**
 * Stops a platform process started on an older Node with the way out, instead of
 * letting it fail later on an API that Node lacks. `make start` provides Node 22.
 */
export function requireSupportedNode(version = process.versions.node): void {
  const major = Number(version.split('.')[0]);
  if (major >= MIN_NODE_MAJOR) return;
  console.error(`云药 needs Node.js ${MIN_NODE_MAJOR} or newer; this is ${version}. Run \`make start\`, which installs Node ${MIN_NODE_MAJOR} into .tools/node when the machine's is older.`);
  process.exit(2);
}
