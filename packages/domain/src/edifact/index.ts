export * from './coreor-rules.ts';
export * from './coreor.ts';
export * from './tokenizer.ts';
