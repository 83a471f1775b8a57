import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'evidence-verifier', include: ['src/**/*.test.ts'], isolate: false },
});
