import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  // Workspace packages export TypeScript source, which Node cannot load: bundle them (STACK.md §1).
  noExternal: [/^@vidya\//],
  clean: true,
  sourcemap: true,
});
