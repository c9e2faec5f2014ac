import { useId } from 'react';
import type { AddonOffer } from '../../domain';
import { priceText } from './priceText';
import type { AddonPrice, PriceItem } from './api';
import { outboundUserProblem } from '../../domain/pages';

const STORAGE_STEP_DAYS = 30;

/** An item's price with its frequency ('From' first for the API, spec section 9). */
function itemPrice(item: PriceItem | undefined, from = false): string {
  const text = priceText(item?.price, item?.billing_frequency ?? '1');
  return from && item?.price != null ? `From ${text}` : text;
}

/** The add-on details or upgrade screen: what is bought, at what price, and for whom. */
export function AddonDetails({
  scope,
  offer,
  price,
  storageDays,
  userId,
  onUserChange,
  userError,
  disabled,
}: {
  scope: string;
  offer: AddonOffer;
  price: AddonPrice;
  storageDays: number | null;
  userId: number | null;
  onUserChange: (id: number) => void;
  userError?: string;
  disabled: boolean;
}) {
  const usersLabel = useId();
  const item = price.items[0];
  const upgrade = price.upgradePrice?.items[0];
  return (
    <div className="purchase-details">
      {offer.screen === 'upgrade' ? (
        <>
          <p>
            Professional adds advanced call routing (time of day, IVR menus, hunt groups and queues), more
            integrations and call scoring to your account.
          </p>
          <p>
            Professional plan: <strong>{itemPrice(upgrade)}</strong>
          </p>
        </>
      ) : (
        <>
          <p>
            {price.name}: <strong>{itemPrice(item, scope === 'integration_api')}</strong>
          </p>
          {item && item.minimum_charge > 0 && (
            <p>
              Minimum charge: {priceText(item.minimum_charge, item.minimum_charge_billing_frequency)}.
            </p>
          )}
          {offer.requiresUpgrade && (
            <p>
              This add-on needs the Professional plan, which is added first: <strong>{itemPrice(upgrade)}</strong>
            </p>
          )}
          {storageDays !== null && (
            <p>
              Your call recording storage is {storageDays} days. This adds {STORAGE_STEP_DAYS} days, making it{' '}
              {storageDays + STORAGE_STEP_DAYS} days.
            </p>
          )}
        </>
      )}
      {!price.isAvailable && <p>This is priced on application: please contact us to add it.</p>}
      {scope === 'outbound' &&
        (price.users.length === 0 ? (
          <p className="banner banner-warning">{outboundUserProblem(null, [])}</p>
        ) : (
          <fieldset className={`field${userError ? ' field-invalid' : ''}`} aria-describedby={userError ? `${usersLabel}-error` : undefined}>
            <legend id={usersLabel}>The user who will get Outbound</legend>
            {price.users.map((user) => (
              <label key={user.UserID} className="field-check-row">
                <input
                  type="radio"
                  name="userId"
                  value={user.UserID}
                  checked={userId === user.UserID}
                  onChange={() => onUserChange(user.UserID)}
                  disabled={disabled}
                />{' '}
                {user.UserForename} {user.UserSurname}
              </label>
            ))}
            {userError && (
              <p id={`${usersLabel}-error`} className="field-error">
                {userError}
              </p>
            )}
          </fieldset>
        ))}
    </div>
  );
}
