export * from './canonical-json.ts';
export * from './event-hash.ts';
export * from './projection.ts';
export * from './statements.ts';
export * from './merkle.ts';
export * from './checkpoint-api.ts';
export * from './statement-checks.ts';
export * from './evidence-bundle.ts';
