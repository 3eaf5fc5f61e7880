/**
 * Preloaded into the e2e platform process (see platform.ts). The platform runs in
 * its own process group so that stop() can end it with every engine process it
 * started; the flip side is that Ctrl-C or a killed test worker would leave it
 * running. The IPC channel to the test worker closes whenever that worker dies,
 * however it dies: then shut down the way `npm start` does on SIGTERM.
 */
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
