import { type FeatureCell, type PlanScopes } from '../../domain';
import { costsApplyText, planComparison } from '../../domain/pages';

function Cell({ cell }: { cell: FeatureCell }) {
  if (cell === 'included') {
    return (
      <>
        <span aria-hidden="true">✓</span>
        <span className="visually-hidden">Included</span>
      </>
    );
  }
  if (cell === 'costsApply') return <>{costsApplyText()}</>;
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">Not included</span>
    </>
  );
}

/**
 * What each plan includes, by category: a tick, 'Costs apply' or a dash, from the plans' stored
 * scopes through the domain's planComparison. `keyOnly` keeps the key features.
 */
export function PlanComparisonTable({ plans, keyOnly = false }: { plans: PlanScopes[]; keyOnly?: boolean }) {
  const comparison = planComparison(plans);
  return (
    <table className="comparison-table">
      <caption className="visually-hidden">{keyOnly ? 'Key features by plan' : 'Features by plan'}</caption>
      <thead>
        <tr>
          <th scope="col">Feature</th>
          {comparison.plans.map((plan) => (
            <th key={plan} scope="col">
              {plan}
            </th>
          ))}
        </tr>
      </thead>
      {comparison.categories.map((category) => {
        const rows = keyOnly ? category.rows.filter((row) => row.key) : category.rows;
        return (
          <tbody key={category.name}>
            <tr className="comparison-category">
              <th scope="colgroup" colSpan={comparison.plans.length + 1}>
                {category.name}
              </th>
            </tr>
            {rows.map((row) => (
              <tr key={row.scope}>
                <th scope="row">{row.label}</th>
                {row.cells.map((cell, i) => (
                  <td key={comparison.plans[i]}>
                    <Cell cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        );
      })}
    </table>
  );
}
