import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

// Only starts the process: build, listen, close gracefully on SIGTERM/SIGINT.
const SHUTDOWN_GRACE_MS = 25_000;
const IDLE_SWEEP_MS = 200;

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
let app;
try {
  app = await buildApp(config);
} catch (error) {
  console.error(`Vidya could not start: ${(error as Error).message}`);
  process.exit(1);
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'closing');
    // In-flight requests finish; Fastify closes the connections idle when closing starts, but a connection busy
    // then stays open for its keep-alive timeout (72 s) after its response, so sweep idle ones until closed.
    const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => {
      app.log.error(`requests still running after ${SHUTDOWN_GRACE_MS} ms; exiting`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    app.close().then(
      () => {
        clearInterval(sweep);
        process.exit(0);
      },
      () => process.exit(1),
    );
  });
}
await app.listen({ port: config.port, host: config.host });
