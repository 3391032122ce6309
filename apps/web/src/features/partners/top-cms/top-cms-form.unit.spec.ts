import { describe, expect, it } from 'vitest';
import { formValuesOf, toCreate, toEdit, topCmsResolver } from './top-cms-form.js';

const id = 'a'.repeat(32);
const resolve = (values: ReturnType<typeof formValuesOf>) => topCmsResolver('IT')(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the banner form', () => {
  it('turns blanks into none and the order into a number', () => {
    const values = { ...formValuesOf(null, 'it'), title: ' Aste ', order: '3', image: id };
    expect(toCreate('IT', values)).toEqual({ mkt: 'IT', lang: 'it', title: 'Aste', text: null, ctaLabel: null, ctaUrl: null, order: 3, enabled: true, image: id, imageTablet: null, imageMobile: null });
    expect(toEdit('b1', 'IT', values)).toEqual({ id: 'b1', lang: 'it', title: 'Aste', text: null, ctaLabel: null, ctaUrl: null, order: 3, enabled: true, image: id, imageTablet: null, imageMobile: null });
  });
  it('is checked by the contract: a title, an image, a call to action with both label and safe link', async () => {
    expect(Object.keys((await resolve(formValuesOf(null, 'it'))).errors).sort()).toEqual(['image', 'title']);
    const half = { ...formValuesOf(null, 'it'), title: 'T', image: id, ctaLabel: 'Go' };
    expect(Object.keys((await resolve(half)).errors)).toEqual(['ctaUrl']);
    expect(Object.keys((await resolve({ ...half, ctaUrl: 'javascript:alert(1)' })).errors)).toEqual(['ctaUrl']);
    expect(Object.keys((await resolve({ ...half, ctaUrl: '/registration', order: 'x' })).errors)).toEqual(['order']);
    expect((await resolve({ ...half, ctaUrl: '/registration' })).errors).toEqual({});
  });
});
