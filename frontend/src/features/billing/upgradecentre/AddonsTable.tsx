import type { AddonPrices } from '../../../components/purchase/api';
import { priceText as price } from '../../../components/purchase/priceText';

/** The add-ons with their Starter and Professional prices ('–' where a plan does not sell one). */
export function AddonsTable({ addons }: { addons: [string, AddonPrices][] }) {
  return (
    <table className="breakdown-table">
      <caption className="visually-hidden">Add-ons and their prices</caption>
      <thead>
        <tr>
          <th scope="col">Add-on</th>
          <th scope="col">Starter</th>
          <th scope="col">Professional</th>
        </tr>
      </thead>
      <tbody>
        {addons.map(([scope, addon]) => (
          <tr key={scope}>
            <th scope="row">{addon.name}</th>
            {/* A plan that does not sell the add-on has no price at all. */}
            <td>{addon.starter == null && addon.professional != null ? '–' : price(addon.starter, addon.billing_frequency)}</td>
            <td>{price(addon.professional, addon.billing_frequency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
