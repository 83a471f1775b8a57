import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie.split(';').forEach((pair) => {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  });
  document.querySelectorAll('script[data-consented]').forEach((script) => script.remove());
});
