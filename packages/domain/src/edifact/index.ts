export * from './aperak.ts';
export * from './coreor-rules.ts';
export * from './coreor.ts';
export * from './coreor-duplicates.ts';
export * from './tokenizer.ts';
