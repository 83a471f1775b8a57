export * from './validation.ts';
export * from './identity.ts';
