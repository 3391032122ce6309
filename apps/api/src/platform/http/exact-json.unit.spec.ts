import { describe, expect, it } from '@jest/globals';
import { API_ERROR_CODES } from '@auction/contracts';
import { inexactJsonAt } from './exact-json.js';

const DUP = API_ERROR_CODES.JSON_DUPLICATE_KEY;
const NUM = API_ERROR_CODES.JSON_NUMBER_INEXACT;

describe('JSON bodies are checked on their text (issue 21 item 14)', () => {
  it('refuses a key twice in one object, at any depth, also when spelled with escapes', () => {
    expect(inexactJsonAt('{"offer":100,"offer":2000}')).toMatchObject({ field: 'offer', code: DUP });
    expect(inexactJsonAt('{"lots":[{"brand":"a"},{"brand":"b","brand":"c"}]}')).toMatchObject({ field: 'lots.1.brand', code: DUP });
    expect(inexactJsonAt('{"offer":1,"of\\u0066er":2}')).toMatchObject({ field: 'offer', code: DUP });
    expect(inexactJsonAt('{"a":{"x":1},"b":{"x":1},"c":[{"x":1},{"x":2}]}')).toBeNull();
    expect(inexactJsonAt('{"a":"{\\"a\\":1,\\"a\\":2}","b":"x,y"}')).toBeNull();
  });

  it('refuses numbers not read as written: more than 2 decimals, an exponent, more than 15 integer digits', () => {
    expect(inexactJsonAt('{"offer":1000.0000000000000001}')).toMatchObject({ field: 'offer', code: NUM });
    expect(inexactJsonAt('{"lots":[{"basePrice":99999999.999999999}]}')).toMatchObject({ field: 'lots.0.basePrice', code: NUM });
    expect(inexactJsonAt('{"offer":1e3}')).toMatchObject({ field: 'offer', code: NUM });
    expect(inexactJsonAt('{"offer":1000.001}')).toMatchObject({ code: NUM });
    expect(inexactJsonAt('[10000000000000000001]')).toMatchObject({ field: '0', code: NUM });
    expect(inexactJsonAt('-0.125')).toMatchObject({ field: 'body', code: NUM });
  });

  it('takes amounts with up to 2 decimals, integers, negatives and numbers inside strings', () => {
    expect(inexactJsonAt('{"offer":1000.5,"b":99999999.99,"c":-3,"d":0,"e":[1,2.25],"f":"1e999 1.23456","g":true,"h":null}')).toBeNull();
    expect(inexactJsonAt('{"birthDate":946684800000}')).toBeNull();
  });
});
