import { defineConfig } from 'tsup';

export default defineConfig({
  // The model refit's worker thread is its own file next to main.js (decision 010).
  entry: { main: 'src/main.ts', 'model-fit.worker': 'src/features/quizzes/model-fit.worker.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  // Workspace packages export TypeScript source, which Node cannot load: bundle them (STACK.md §1).
  noExternal: [/^@vidya\//],
  clean: true,
  sourcemap: true,
});
