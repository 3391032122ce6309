import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { hasDuplicatePlate, plateKey } from './plates.js';

describe('plateKey: how licence plates are compared', () => {
  test.each(['AB 123 CD', 'ab-123-cd', 'AB.123.CD', 'AB123CD\u200b', '\uff21\uff22123CD', ' ab123cd '])('%j is the plate AB123CD', (plate) => {
    expect(plateKey(plate)).toBe('AB123CD');
  });

  test('different letters or digits stay different plates', () => {
    expect(hasDuplicatePlate(['AB123CD', 'AB123CE'])).toBe(false);
    expect(hasDuplicatePlate(['AB123CD', 'ab 123-cd'])).toBe(true);
  });

  test('property: spaces and dashes inserted anywhere never make a new plate', () => {
    fc.assert(fc.property(fc.stringMatching(/^[A-Z0-9]{2,10}$/), fc.array(fc.constantFrom(' ', '-', '.', '\u200b')), fc.nat(), (plate, noise, at) => {
      const i = at % (plate.length + 1);
      const written = plate.slice(0, i) + noise.join('') + plate.slice(i).toLowerCase();
      expect(hasDuplicatePlate([plate, written])).toBe(true);
    }));
  });
});
