import { describe, expect, it } from 'vitest';
import { spec } from '../../testing/decider-specification.test-support.js';
import { TOP_CMS, kindOf, streamId } from '../../streams.js';
import { evolveTopCms, initialTopCmsState, topCmsDecider, topCmsImages, type TopCmsData, type TopCmsEvent, type TopCmsImage } from './top-cms.js';

const by = 'admin-1';
const now = 1_800_000_000_000;
const IT = ['it', 'en'];
const image = (id: string): TopCmsImage => ({ idImage: id, variants: [{ idFile: `${id}-w`, width: 1920, height: 600, mediaType: 'image/webp' }] });
const data: TopCmsData = {
  idTopCms: 'b1', idMarket: 'IT', lang: 'it', title: 'Aste di novembre', text: null, ctaLabel: 'Scopri di più', ctaUrl: '/registration',
  order: 1, enabled: true, image: image('d1'), imageTablet: null, imageMobile: image('m1'),
};
const created: TopCmsEvent = { type: 'TopCmsCreated', data: { ...data, by, at: now } };
const deleted: TopCmsEvent = { type: 'TopCmsDeleted', data: { idTopCms: 'b1', by, at: now } };
const banners = spec(topCmsDecider);

describe('CreateTopCms', () => {
  it('creates an active banner with the audit stamp', () => {
    banners.given([]).when({ type: 'CreateTopCms', data, marketLanguages: IT, by, now }).then([created]);
    const { state } = banners.given([]).when({ type: 'CreateTopCms', data, marketLanguages: IT, by, now }).run();
    expect(state).toEqual({ status: 'ACTIVE', data });
  });
  it('refuses a language the market does not offer (422400)', () => {
    banners.given([]).when({ type: 'CreateTopCms', data: { ...data, lang: 'de' }, marketLanguages: IT, by, now }).thenThrows('TOP_CMS_LANGUAGE_NOT_OFFERED');
  });
  it('changes nothing when the banner exists (a retried create)', () => {
    banners.given([created]).when({ type: 'CreateTopCms', data: { ...data, title: 'other' }, marketLanguages: IT, by, now }).thenNothing();
  });
});

describe('EditTopCms', () => {
  it('records only the fields that change', () => {
    banners.given([created]).when({ type: 'EditTopCms', idTopCms: 'b1', changes: { title: 'Aste di dicembre', order: 1, enabled: false, image: image('d1') }, marketLanguages: IT, by, now })
      .then([{ type: 'TopCmsEdited', data: { idTopCms: 'b1', title: 'Aste di dicembre', enabled: false, by, at: now } }]);
  });
  it('clears an optional image or text with null, and the state follows', () => {
    const { state } = banners.given([created]).when({ type: 'EditTopCms', idTopCms: 'b1', changes: { imageMobile: null, ctaUrl: null, lang: 'en' }, marketLanguages: IT, by, now }).run();
    expect(state.status === 'ACTIVE' && [state.data.imageMobile, state.data.ctaUrl, state.data.lang, state.data.title]).toEqual([null, null, 'en', data.title]);
  });
  it('writes nothing when nothing changes', () => {
    banners.given([created]).when({ type: 'EditTopCms', idTopCms: 'b1', changes: { title: data.title, image: image('d1') }, marketLanguages: IT, by, now }).thenNothing();
  });
  it('refuses another market\'s language (422400), an unknown or a deleted banner (404400)', () => {
    banners.given([created]).when({ type: 'EditTopCms', idTopCms: 'b1', changes: { lang: 'fr' }, marketLanguages: IT, by, now }).thenThrows('TOP_CMS_LANGUAGE_NOT_OFFERED');
    banners.given([]).when({ type: 'EditTopCms', idTopCms: 'b1', changes: { title: 'x' }, marketLanguages: IT, by, now }).thenThrows('TOP_CMS_NOT_FOUND');
    banners.given([created, deleted]).when({ type: 'EditTopCms', idTopCms: 'b1', changes: { title: 'x' }, marketLanguages: IT, by, now }).thenThrows('TOP_CMS_NOT_FOUND');
  });
});

describe('DeleteTopCms', () => {
  it('deletes a banner once; a second delete writes nothing; an unknown one is 404400', () => {
    banners.given([created]).when({ type: 'DeleteTopCms', idTopCms: 'b1', by, now }).then([deleted]);
    banners.given([created, deleted]).when({ type: 'DeleteTopCms', idTopCms: 'b1', by, now }).thenNothing();
    banners.given([]).when({ type: 'DeleteTopCms', idTopCms: 'b1', by, now }).thenThrows('TOP_CMS_NOT_FOUND');
  });
});

describe('evolveTopCms and the stream', () => {
  it('never throws: an odd or unknown event leaves the state', () => {
    const state = evolveTopCms(initialTopCmsState, created);
    expect(evolveTopCms(state, created)).toBe(state);
    expect(evolveTopCms(state, { type: 'TopCmsSomething', data: {} } as unknown as TopCmsEvent)).toBe(state);
    expect(evolveTopCms(initialTopCmsState, deleted)).toBe(initialTopCmsState);
    expect(evolveTopCms(initialTopCmsState, { type: 'TopCmsEdited', data: { idTopCms: 'b1', title: 'x', by, at: now } })).toBe(initialTopCmsState);
  });
  it('is a stream kind of its own, and lists its images desktop first', () => {
    expect(kindOf(streamId.topCms('b1'))).toBe(TOP_CMS);
    expect(topCmsImages(data).map((i) => i.idImage)).toEqual(['d1', 'm1']);
  });
});
