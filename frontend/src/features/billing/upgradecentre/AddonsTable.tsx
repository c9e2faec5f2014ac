import type { AddonPrices } from '../../../components/purchase/api';
import { usePurchase } from '../../../components/purchase/PurchaseContext';
import { priceText as price } from '../../../components/purchase/priceText';
import { canPurchaseOnline, scopeQuery } from '../../../domain/pages';
import { useAccount } from '../../../lib/account';

/** What the account can do about one add-on: it has it, it buys it here, or its plan does not sell it. */
function AddonAction({ scope, name, onBought }: { scope: string; name: string; onBought: (name: string) => void }) {
  const { account } = useAccount();
  const purchase = usePurchase();
  const answer = scopeQuery(account, scope);
  if (answer === 'owned') return <>Active</>;
  if (answer !== 'openAddOn') return <>Not on your plan</>;
  if (!canPurchaseOnline(account)) return <>Ask your account manager</>;
  return (
    <button
      type="button"
      className="button"
      aria-label={`Buy ${name}`}
      onClick={() => purchase.open(scope, { onDone: (result) => onBought(result.name) })}
    >
      Buy
    </button>
  );
}

/** The add-ons with their Starter and Professional prices ('–' where a plan does not sell one), and buying each. */
export function AddonsTable({
  addons,
  onBought,
}: {
  addons: [string, AddonPrices][];
  onBought: (name: string) => void;
}) {
  return (
    <table className="breakdown-table">
      <caption className="visually-hidden">Add-ons and their prices</caption>
      <thead>
        <tr>
          <th scope="col">Add-on</th>
          <th scope="col">Starter</th>
          <th scope="col">Professional</th>
          <th scope="col">Your account</th>
        </tr>
      </thead>
      <tbody>
        {addons.map(([scope, addon]) => (
          <tr key={scope}>
            <th scope="row">{addon.name}</th>
            {/* A plan that does not sell the add-on has no price at all. */}
            <td>{addon.starter == null && addon.professional != null ? '–' : price(addon.starter, addon.billing_frequency)}</td>
            <td>{price(addon.professional, addon.billing_frequency)}</td>
            <td>
              <AddonAction scope={scope} name={addon.name} onBought={onBought} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
