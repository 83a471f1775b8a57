export * from './action-rules.ts';
export * from './lifetime.ts';
export * from './overview.ts';
export * from './preferences.ts';
export * from './release.ts';
export * from './validation.ts';
export * from './validity-filter.ts';
