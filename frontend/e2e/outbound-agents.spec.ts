import { expect, test } from './fixtures';
import { expectAccessible, expectHeading, logIn } from './helpers';

// Outbound agents and campaigns: with every paid agent in use the owner is told so before
// choosing anyone, with the offer to buy another, buys one through the purchase modal, gives
// user@demo.test the access, sees Uma listed and opens her page; picks Morgan's caller id from
// the tracked numbers and sees each of his calls with the number it rang; then
// puts an agent on a campaign, adds and renames a campaign, sees a used campaign's delete
// refused naming the agent and deletes an unused one; axe on each screen and dialog.

test('the owner buys another agent, gives user@demo.test outbound access and opens her page', async ({ page }) => {
  test.slow();
  await logIn(page, 'owner@demo.test', '/manage/agents');
  await expectHeading(page, 'Agents');
  const agents = page.getByRole('table', { name: 'Outbound agents' });
  await expect(agents).toContainText('Olivia Owen');
  await expect(agents).toContainText('Morgan Marsh');
  await expect(page.getByText('2 of 2 paid agents in use.')).toBeVisible();
  await expectAccessible(page, 'the agents page');

  // Every paid agent is in use: said before anyone is chosen, with the way to buy another.
  const full = page.getByRole('status').filter({ hasText: 'All 2 agents your account pays for are in use.' });
  await expect(full).toContainText('Buy another agent to give a user outbound access');
  await expect(page.getByRole('form', { name: 'Give outbound access' })).toHaveCount(0);
  await full.getByRole('button', { name: 'Buy another agent' }).click();

  const modal = page.getByRole('dialog', { name: 'Outbound additional user' });
  await expect(modal).toContainText('£12');
  await expectAccessible(page, 'the agent purchase modal', { within: modal });
  await modal.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
  await modal.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(modal).toContainText('Outbound additional user has been added to your account.');
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('2 of 3 paid agents in use (1 free).')).toBeVisible();

  const give = page.getByRole('form', { name: 'Give outbound access' });
  await give.getByLabel('User').selectOption({ label: 'Uma Upton' });
  await give.getByRole('button', { name: 'Give outbound access' }).click();
  const confirm = page.getByRole('dialog', { name: 'Give outbound access' });
  await expect(confirm).toContainText('Give Uma Upton outbound access?');
  await expectAccessible(page, 'the give access confirmation', { within: confirm });
  await confirm.getByRole('button', { name: 'Give access' }).click();
  await expect(page.getByText('Uma Upton now has outbound access.')).toBeVisible();
  await expect(page.getByText('3 of 3 paid agents in use.')).toBeVisible();
  await agents.getByRole('link', { name: 'Uma Upton' }).click();
  await expectHeading(page, 'Agent: Uma Upton');
  await expect(page.getByText('user@demo.test')).toBeVisible();
  await expect(page.getByText('This agent has made no outbound calls.')).toBeVisible();
  await expectAccessible(page, "Uma's agent page");

  // An agent with calls: their page lists them, each with the number it rang.
  await page.goto('/manage/agents/10');
  await expectHeading(page, 'Agent: Morgan Marsh');
  const calls = page.getByRole('table', { name: 'Outbound calls of Morgan Marsh' });
  await expect(calls.locator('tbody tr').first()).toBeVisible();
  await expect(calls).not.toContainText('Not recorded');
  await expectAccessible(page, "Morgan's agent page");

  // Their caller id is picked from the account's tracked numbers and verified caller ids.
  const callerId = page.getByRole('combobox', { name: 'Outbound number' });
  await callerId.click();
  await callerId.fill('Tracked number');
  const choice = page.getByRole('option').first();
  const label = (await choice.textContent()) ?? '';
  await choice.click();
  const shown = label.split(' · ')[0];
  await expect(page.getByText(`The agent's calls now show ${shown}.`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Outbound number' })).toHaveValue(label);
});

test('the owner adds and renames a campaign, and a campaign an agent uses is not deleted', async ({ page }) => {
  test.slow();
  // Morgan calls for Spring recall.
  await logIn(page, 'owner@demo.test', '/manage/agents/10');
  await expectHeading(page, 'Agent: Morgan Marsh');
  await page.getByLabel('Campaign').selectOption({ label: 'Spring recall' });
  await expect(page.getByText("The agent's campaign was saved.")).toBeVisible();

  await page.goto('/manage/outboundcampaigns');
  await expectHeading(page, 'Outbound campaigns');
  const campaigns = page.getByRole('table', { name: 'Outbound campaigns' });
  await expect(campaigns).toContainText('Spring recall');
  await expectAccessible(page, 'the outbound campaigns page');

  const add = page.getByRole('form', { name: 'New campaign' });
  await add.getByRole('button', { name: 'Add campaign' }).click();
  await expect(add).toContainText('Campaign name is required.');
  await add.getByLabel('New campaign').fill('spring recall');
  await add.getByRole('button', { name: 'Add campaign' }).click();
  await expect(add).toContainText('Another campaign already has this name.');
  await add.getByLabel('New campaign').fill('Winter check-ups');
  await add.getByRole('button', { name: 'Add campaign' }).click();
  await expect(page.getByText("The campaign 'Winter check-ups' was added.")).toBeVisible();

  await page.getByRole('button', { name: 'Edit Winter check-ups' }).click();
  const rename = page.getByRole('form', { name: 'New name for Winter check-ups' });
  await rename.getByLabel('New name for Winter check-ups').fill('Winter recall');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("The campaign was renamed to 'Winter recall'.")).toBeVisible();

  await page.getByRole('button', { name: 'Delete Spring recall' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This campaign is used by 1 agent: Morgan Marsh. Move them to another campaign first.',
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete Winter recall' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText("Delete the campaign 'Winter recall'? No agent uses it.");
  await expectAccessible(page, 'the campaign delete confirmation', { within: confirm });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText("The campaign 'Winter recall' was deleted.")).toBeVisible();
  await expect(campaigns).not.toContainText('Winter recall');

  await campaigns.getByRole('link', { name: 'Spring recall' }).click();
  await expectHeading(page, 'Outbound campaign: Spring recall');
  await expect(page.getByRole('link', { name: 'Morgan Marsh' })).toBeVisible();
  await expectAccessible(page, 'the Spring recall campaign page');
});
