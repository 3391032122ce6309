/**
 * The shape a translation of an English namespace must have: exactly the same keys, at every depth, with a
 * string for every text. Annotating a namespace with it makes a missing key and (on an object literal) an extra
 * key a type error: `export const common: Translation<EnCommon> = { ... }`.
 */
export type Translation<T> = { readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

/** True when two namespaces have the same keys at every depth (a key missing on either side makes it false). */
export type SameKeys<A, B> = [Translation<A>] extends [Translation<B>] ? ([Translation<B>] extends [Translation<A>] ? true : false) : false;
