import { describe, expect, it } from 'vitest';
import { capturedLog } from './test/captured-log.ts';

describe('logger', () => {
  it('writes JSON lines with a level label and an ISO time', () => {
    const { lines, logger } = capturedLog('info');
    logger.info({ method: 'GET' }, 'request');
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'request', method: 'GET' });
    expect(String(lines[0]?.time)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('redacts passwords, tokens, authorization, pincodes and private keys', () => {
    const { lines, logger } = capturedLog('info');
    logger.info(
      {
        password: 'p1',
        body: { pincode: '1234', token: 't', privateKey: '0xabc' },
        req: { headers: { authorization: 'Bearer x' } },
        user: { email: 'a@b.c', accessToken: 'jwt' },
      },
      'secrets',
    );
    const text = JSON.stringify(lines[0]);
    for (const secret of ['p1', '1234', '"t"', '0xabc', 'Bearer x', 'jwt']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('a@b.c');
    expect(text).toContain('[redacted]');
  });
});
