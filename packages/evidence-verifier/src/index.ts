export { main, usage, type Output } from './cli.ts';
export { custodyStory, moment } from './story.ts';
export { verdictLine, verifyEvidence, type EvidenceVerdict, type VerifyOptions } from './verify.ts';
export { parseJsonText, JsonTextError } from './json-text.ts';
