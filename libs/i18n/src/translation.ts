/** A CLDR plural category: i18next looks a counted text up as `key_<category>` (`Intl.PluralRules`). */
export type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** For an English plural key `x_other`, the keys `x_<form>` of the extra plural forms; never for any other key. */
type ExtraPluralKeys<K, Extra extends PluralForm> = K extends `${infer Base}_other` ? `${Base}_${Extra}` : never;

/**
 * The shape a translation of an English namespace must have: exactly the same keys, at every depth, with a
 * string for every text. Annotating a namespace with it makes a missing key and (on an object literal) an extra
 * key a type error: `export const common: Translation<EnCommon> = { ... }`.
 *
 * `Extra` names the plural forms a language needs besides English's `_one` and `_other`: for every English key
 * `x_other` the translation must then also have `x_<form>` for each of them. Polish counts 1 / 2–4 / 5–21 with
 * three forms, so its namespaces are `Translation<EnShowcase, 'few' | 'many'>` and have `count_one`, `count_few`,
 * `count_many` and `count_other` (see `EXTRA_PLURAL_FORMS` in resources.ts).
 */
export type Translation<T, Extra extends PluralForm = never> = {
  readonly [K in keyof T as K | ExtraPluralKeys<K, Extra>]: T[K] extends string ? string : Translation<T[K], Extra>;
};

/** True when two namespaces have the same keys at every depth (a key missing on either side makes it false). */
export type SameKeys<A, B> = [Translation<A>] extends [Translation<B>] ? ([Translation<B>] extends [Translation<A>] ? true : false) : false;
