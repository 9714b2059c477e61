import { defineConfig } from 'vitest/config';

// One Vitest run over every workspace; each project keeps its own config beside its package.json.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
  },
});
