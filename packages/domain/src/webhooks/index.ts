export * from './endpoint-url.ts';
export * from './events.ts';
export * from './signature.ts';
export * from './endpoint-health.ts';
