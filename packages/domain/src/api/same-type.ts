/** True when A and B are the same type (not merely assignable one way). */
export type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * A compile-time check that two declarations of one shape agree, for the server's typebox
 * `Static<>` types and the domain contract: `assertSameType<Static<typeof schema>, Contract>()`
 * compiles only when they are equal ("Expected 1 arguments" otherwise). Does nothing at run time.
 */
export function assertSameType<A, B>(..._proof: Equal<A, B> extends true ? [] : [never]): void {}
