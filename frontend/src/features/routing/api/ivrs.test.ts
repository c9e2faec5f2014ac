import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../lib/api';
import { MAIN_MENU } from '../editors/ivrTestUtils';
import { ivrFields, ivrFormOf, ivrSaveErrors } from './ivrs';

describe('IVR conversions', () => {
  test("an answer's Ivr becomes the domain form: flags and isChild to booleans, ids to numbers", () => {
    const form = ivrFormOf({ ...MAIN_MENU, isChild: '1', reportGroupId: 0, repeatAudio: '2' });
    expect(form).toMatchObject({
      description: 'Main menu',
      introAudio: 51,
      logKeys: true,
      hasDeadEnd: false,
      isChild: true,
      reportGroupId: 0,
      repeatKey: '4',
      defaultKey: '1',
      repeatAudio: '2',
    });
    expect(form.options[1]).toEqual({
      key: '2',
      description: 'Billing',
      type: 'ivr',
      destinationId: 0,
      ivrId: 72,
      voicemailId: 0,
      categoryId: 82,
    });
    expect(ivrFormOf({ ...MAIN_MENU, repeatKey: '', defaultKey: '' }).repeatKey).toBe('none');
  });

  test('the form goes back as the createIvr fields; updates carry the record id', () => {
    const fields = ivrFields(ivrFormOf(MAIN_MENU), { recordId: 71 });
    expect(fields).toMatchObject({
      audioId: 51,
      logStrokes: 1,
      repeatMenu: '4',
      isChildIvr: 0,
      hasDeadEnd: 0,
      'keys[3]': '4',
      'keyVoicemail[2]': 61,
      form_record_id: 71,
      ivrId: 71,
    });
    expect(fields.acceptTerms).toBeUndefined();
    expect(ivrFields(ivrFormOf(MAIN_MENU), { acceptTerms: true }).acceptTerms).toBe(1);
  });

  test('descriptionError lands on the description; other failures have no fields', () => {
    const error = new ApiError(422, {
      code: 'DESCRIPTION_NOT_UNIQUE',
      errors: { 'keyCategory[1]': 'Category must be unique.' },
      descriptionError: 'Description must be unique.',
    });
    expect(ivrSaveErrors(error)).toEqual({
      description: 'Description must be unique.',
      'keyCategory[1]': 'Category must be unique.',
    });
    expect(ivrSaveErrors(new ApiError(500, null))).toBeNull();
  });
});
