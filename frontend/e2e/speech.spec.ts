import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn } from './helpers';

// Voice tags, vocabularies and Speech Insights. Atlas's recorded calls are transcribed
// in the background a few seconds after the server starts (an offline recogniser on this
// machine); enterprise@demo.test adds a voice tag for 'appointment', said by the caller, finds it
// as a tag on a demo call in the call log and in Speech Insights with the word marked in the
// transcript, and keeps a vocabulary. The recogniser hears "book an appointment" in the demo's
// booking dialogue (seed/recordings.rs; what it hears of the others is in docs/speech-api.md).

test("a voice tag finds 'appointment' in a demo call, on the call log and in Speech Insights", async ({ page }) => {
  await logIn(page, 'enterprise@demo.test', '/manage/voicetags');
  await expectHeading(page, 'Voice tags');
  const tags = page.getByRole('table', { name: 'Voice tags' });
  await expect(tags).toContainText('Appointment');
  await expectAccessible(page, 'the voice tags page');

  // 'Price enquiry' is deleted.
  await page.getByRole('button', { name: 'Delete Price enquiry' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText("Delete the voice tag 'Price enquiry'?");
  await expectAccessible(page, 'the delete confirmation', { within: confirm });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(tags).not.toContainText('Price enquiry');

  await page.getByRole('button', { name: 'Add voice tag' }).click();
  const add = page.getByRole('dialog', { name: 'Add voice tag' });
  await add.getByLabel('Name').fill('Booking');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toContainText('Enter at least one phrase, one a line.');
  await add.getByLabel('Phrases').fill('Appointment!');
  await add.getByLabel('Said by').selectOption({ label: 'The caller' });
  await expectAccessible(page, 'the Add voice tag dialog', { within: add });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(tags.getByRole('row').filter({ hasText: 'Booking' })).toContainText('The caller');

  // The job may still be hearing the recordings: the tag comes as each transcript is stored.
  await page.goto('/manage/reports');
  await expectHeading(page, 'Call log');
  const calls = page.getByRole('table', { name: 'Calls' });
  await expect(async () => {
    await page.reload();
    await expect(calls.locator('tbody tr').filter({ hasText: 'Booking' }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });

  await page.goto('/manage/call-insights');
  await expectHeading(page, 'Speech Insights');
  const found = page.getByRole('table', { name: /^Voice tags found/ });
  await expect(found.getByRole('row').filter({ hasText: 'Booking' })).toBeVisible();
  await expectAccessible(page, 'Speech Insights');
  const tagged = page.getByRole('table', { name: 'Calls with voice tags' });
  await tagged.locator('tbody tr').filter({ hasText: 'Booking' }).first().getByRole('button', { name: /^Transcript of the call/ }).click();
  const call = page.getByRole('dialog', { name: 'Call transcript' });
  // The word is the demo's 'Appointment' tag's phrase too: marked with both.
  await expect(call.locator('mark[title="Appointment, Booking"]').first()).toContainText('appointment');
  await expect(call.getByLabel('Call recording')).toBeVisible();
  await expectAccessible(page, "a call's transcript in Speech Insights", { within: call });
  await call.getByRole('button', { name: 'Close' }).click();

  // A vocabulary of the account's words.
  await page.goto('/manage/vocabularies');
  await expectHeading(page, 'Vocabularies');
  await expect(page.getByRole('table', { name: 'Vocabularies' })).toContainText('Atlas Home Cover');
  await expectAccessible(page, 'the vocabularies page');
  await page.getByRole('button', { name: 'Add vocabulary' }).click();
  const vocabulary = page.getByRole('dialog', { name: 'Add vocabulary' });
  await vocabulary.getByLabel('Name').fill('Places');
  await vocabulary.getByLabel('Words and phrases').fill('Dun Laoghaire\nprice £5');
  await vocabulary.getByRole('button', { name: 'Save' }).click();
  await expect(vocabulary).toContainText('Use letters, digits, apostrophes and hyphens only.');
  await vocabulary.getByLabel('Words and phrases').fill('Dun Laoghaire\nBray');
  await expectAccessible(page, 'the Add vocabulary dialog', { within: vocabulary });
  await vocabulary.getByRole('button', { name: 'Save' }).click();
  await expect(vocabulary).toBeHidden();
  await expect(page.getByRole('table', { name: 'Vocabularies' })).toContainText('Dun Laoghaire, Bray');
});

test('the words said are searched from the call log, each call found with its line', async ({ page }) => {
  await logIn(page, 'enterprise@demo.test', '/manage/reports');
  await expectHeading(page, 'Call log');
  const words = page.getByLabel('Words said in the call');
  await words.fill('"an appointment"');
  await expect(page).toHaveURL(/transcript=%22an\+appointment%22/);
  const calls = page.getByRole('table', { name: 'Calls' });
  // The job may still be hearing the recordings: the calls come as their transcripts are stored.
  await expect(async () => {
    await page.reload();
    await expect(calls.locator('tr.transcript-line').first()).toContainText(/an appointment/i, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Remove filter Words said: "an appointment"' })).toBeVisible();
  await expectAccessible(page, 'the call log searching the words said');
  // A word no call said: none found, said plainly.
  await page.getByLabel('Words said in the call').fill('xylophone');
  await expect(page.getByRole('status').filter({ hasText: /^0 calls/ })).toBeVisible();
});
