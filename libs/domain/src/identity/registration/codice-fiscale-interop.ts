import codiceFiscaleModule from 'codice-fiscale-js';

/** The static part of `codice-fiscale-js` this folder uses (its published typings, restricted to what we call). */
export interface CodiceFiscaleStatics {
  check(codiceFiscale: string): boolean;
  getCheckCode(codiceFiscale: string): string;
  nameCode(name: string): string;
  surnameCode(surname: string): string;
  dateCode(day: number, month: number, year: number, gender: 'M' | 'F'): string;
}

/**
 * `codice-fiscale-js` 2.4 ships one CommonJS bundle whose `module.exports` is `{ CodiceFiscale }`, while its typings
 * declare a default export. Node's ESM loader and Vite's pre-bundling both hand the whole `module.exports` to a
 * default import, so the class is its `CodiceFiscale` property; a bundler that honours `__esModule` would give the
 * class itself. Both shapes are accepted here, once, so no caller depends on the packaging.
 */
export const CodiceFiscale: CodiceFiscaleStatics = {
  check: (cf) => statics().check(cf),
  getCheckCode: (cf) => statics().getCheckCode(cf),
  nameCode: (name) => statics().nameCode(name),
  surnameCode: (surname) => statics().surnameCode(surname),
  dateCode: (day, month, year, gender) => statics().dateCode(day, month, year, gender),
};

let resolved: CodiceFiscaleStatics | undefined;
/** Resolved on first use, so a bundle that never checks a fiscal code has no module-level side effect to keep. */
function statics(): CodiceFiscaleStatics {
  if (resolved) return resolved;
  const loaded = codiceFiscaleModule as unknown as CodiceFiscaleStatics & { CodiceFiscale?: CodiceFiscaleStatics };
  const found = loaded.CodiceFiscale ?? loaded;
  if (typeof found.check !== 'function') throw new Error('codice-fiscale-js: unexpected module shape');
  return (resolved = found);
}
