import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

// Only starts the process: build, listen, close gracefully on SIGTERM/SIGINT.
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
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
await app.listen({ port: config.port, host: config.host });
