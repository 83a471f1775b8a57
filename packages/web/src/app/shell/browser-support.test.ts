import { describe, expect, it } from 'vitest';
import { isSupportedBrowser } from './browser-support.ts';

const webkit = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)';

describe('isSupportedBrowser (access spec §1: Chrome or Edge)', () => {
  it.each([
    ['Chrome on Windows', `${webkit} Chrome/126.0.0.0 Safari/537.36`],
    ['Edge on Chromium', `${webkit} Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87`],
    ['headless Chrome', `${webkit} HeadlessChrome/126.0.6478.126 Safari/537.36`],
    [
      'Chrome on Android',
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    ],
    ['Chromium on Linux', `${webkit} Chromium/126.0.0.0 Chrome/126.0.0.0 Safari/537.36`],
  ])('accepts %s', (_name, userAgent) => {
    expect(isSupportedBrowser(userAgent)).toBe(true);
  });

  it.each([
    ['Firefox', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0'],
    [
      'Safari on macOS',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    ],
    ['legacy Edge', `${webkit} Chrome/70.0.3538.102 Safari/537.36 Edge/18.19045`],
    ['Opera', `${webkit} Chrome/126.0.0.0 Safari/537.36 OPR/112.0.0.0`],
    ['Samsung Internet', `${webkit} SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36`],
    [
      'Chrome on iOS',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
    ],
    ['jsdom', 'Mozilla/5.0 (linux) AppleWebKit/537.36 (KHTML, like Gecko) jsdom/29.1.1'],
    ['an empty user agent', ''],
  ])('rejects %s', (_name, userAgent) => {
    expect(isSupportedBrowser(userAgent)).toBe(false);
  });
});
