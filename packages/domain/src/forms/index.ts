export * from './form-messages.ts';
export * from './generic-messages.ts';
